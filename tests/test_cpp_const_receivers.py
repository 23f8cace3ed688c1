"""C++ `const` and non-`const` overloads of one accessor (`top()` / `top() const`, marisa-trie's
`key_buf()`, Jsonnet's `stack.top()`), called on a field or a local rather than on `this`: a field is
`const` inside a `const` member and not inside another; a local or a reference declared `const T &x`
takes the `const` overload, one declared `T &x` or `T x` the other."""
from __future__ import annotations

from graphmind.store import open_reader
from langcases import indexed_workspace

HEADER = """#pragma once

class Frame {
 public:
  int depth() const { return depth_; }
 private:
  int depth_;
};

class Stack {
 public:
  Frame &top() {
    return frames_[0];
  }
  const Frame &top() const {
    return frames_[0];
  }
 private:
  Frame frames_[8];
};

class Interpreter {
 public:
  int run();
  int peek() const;
 private:
  Stack stack;
};
"""

SOURCE = """#include "vm.h"

int Interpreter::run() {
  Frame &f = stack.top();
  return f.depth();
}

int Interpreter::peek() const {
  return stack.top().depth();
}

int look(Stack &s, const Stack &c) {
  Stack &mine = s;
  const Stack &theirs = c;
  return mine.top().depth() + theirs.top().depth();
}
"""


def _targets(work, line: int, callee: str) -> list[tuple[str, int]]:
    return sorted(tuple(r) for r in open_reader(work).execute(
        "SELECT c.resolution, t.start_line FROM calls c JOIN files f ON f.id = c.file_id JOIN symbols t"
        " ON t.id = c.target_id WHERE f.path = 'vm.cpp' AND c.line = ? AND c.callee = ? AND c.kind = 'call'",
        (line, callee)))


def test_a_field_and_a_local_pick_the_const_overload_by_their_constness(tmp_path):
    work = indexed_workspace(tmp_path, {"vm.h": HEADER, "vm.cpp": SOURCE})
    assert _targets(work, 4, "stack.top") == [("inferred", 12)]          # in a non-const member
    assert _targets(work, 9, "stack.top") == [("inferred", 15)]          # in a const member
    assert _targets(work, 15, "mine.top") == [("inferred", 12)]
    assert _targets(work, 15, "theirs.top") == [("inferred", 15)]


def test_a_pointer_field_in_a_const_member_is_no_const_receiver(tmp_path):
    """fastText's `npq_->get_centroids(…)` in a `const` member: the pointer is `const`, what it points
    at is not, so the non-`const` overload is called."""
    header = HEADER.replace("  Stack stack;\n", "  Stack stack;\n  Stack *spare_;\n")
    source = SOURCE + "\nint Interpreter::peek2() const {\n  return spare_->top().depth();\n}\n"
    header = header.replace("  int peek() const;\n", "  int peek() const;\n  int peek2() const;\n")
    work = indexed_workspace(tmp_path, {"vm.h": header, "vm.cpp": source})
    assert _targets(work, 19, "spare_->top") == [("inferred", 12)]


def test_a_dot_call_on_a_holder_is_the_holders_member_and_an_arrow_call_the_held_types(tmp_path):
    """marisa-trie's `state_.reset(new State)` on a `scoped_ptr<State>` field is scoped_ptr's reset (a
    class of the project), `state_->reset()` State's; `p.reset()` on a `std::unique_ptr<State>` is the
    library's, never State's."""
    files = {
        "scoped.h": ("#pragma once\ntemplate <typename T>\nclass scoped_ptr {\n public:\n  void reset(T *ptr = nullptr) {\n"
                     "    ptr_ = ptr;\n  }\n  T *operator->() const { return ptr_; }\n private:\n  T *ptr_;\n};\n"),
        "state.h": "#pragma once\nclass State {\n public:\n  void reset() {\n    id_ = 0;\n  }\n private:\n  int id_;\n};\n",
        "agent.cpp": ("#include <memory>\n#include \"scoped.h\"\n#include \"state.h\"\n\nclass Agent {\n public:\n  void init() {\n"
                      "    state_.reset(new State);\n    state_->reset();\n    std::unique_ptr<State> p(new State);\n"
                      "    p.reset();\n  }\n private:\n  scoped_ptr<State> state_;\n};\n"),
    }
    work = indexed_workspace(tmp_path, files)
    rows = lambda line, callee: sorted(tuple(r) for r in open_reader(work).execute(   # noqa: E731
        "SELECT c.resolution, tf.path, t.start_line FROM calls c JOIN files f ON f.id = c.file_id LEFT JOIN symbols t"
        " ON t.id = c.target_id LEFT JOIN files tf ON tf.id = t.file_id WHERE f.path = 'agent.cpp' AND c.line = ?"
        " AND c.callee = ? AND c.kind = 'call'", (line, callee)))
    assert rows(8, "state_.reset") == [("inferred", "scoped.h", 5)]
    assert rows(9, "state_->reset") == [("inferred", "state.h", 4)]
    assert rows(11, "p.reset") == [("external", None, None)]
