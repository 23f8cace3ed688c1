"""C++ member-initializer lists, as greenlet writes them: `: _args(args), _kwargs(kwargs)` runs the
constructor of each member's declared class (the class, where its constructors are written in it),
`: PyObjectPointer<>(it)` a templated base's, and `count(0)` of an `int` member reaches no definition."""
from __future__ import annotations

from langcases import indexed_workspace

from graphmind.store import open_reader


def _targets(work, path: str, callee: str) -> set[tuple[str, int]]:
    """(target's file, first line) of every call row (a call, a constructor's, an instantiation) of a callee in a file."""
    return {tuple(r) for r in open_reader(work).execute(
        "SELECT tf.path, t.start_line FROM calls c JOIN files f ON f.id = c.file_id"
        " LEFT JOIN symbols t ON t.id = c.target_id LEFT JOIN files tf ON tf.id = t.file_id"
        " WHERE f.path = ? AND c.callee = ? AND c.kind IN ('call', 'constructor', 'instantiate')", (path, callee))}

FILES = {
    "src/greenlet_refs.hpp": """#pragma once
namespace greenlet {
namespace refs {
template <typename T = int>
class PyObjectPointer
{
public:
    explicit PyObjectPointer(T* it = nullptr) : p(it)
    {
    }
protected:
    T* p;
};

class OwnedReference
{
public:
    OwnedReference() : p(nullptr)
    {
    }
    OwnedReference(const OwnedReference& other) : p(other.p)
    {
    }
    OwnedReference(int* it, int steal) : p(it)
    {
    }
private:
    int* p;
};

class ImmortalObject : public PyObjectPointer<>
{
public:
    explicit ImmortalObject(int* it) : PyObjectPointer<>(it)
    {
    }
};
} // namespace refs
} // namespace greenlet
""",
    "src/TGreenlet.hpp": """#pragma once
#include "greenlet_refs.hpp"

namespace greenlet {
class StackState
{
public:
    StackState(void* mark, int size);
};

class SwitchingArgs
{
public:
    SwitchingArgs(const refs::OwnedReference& args, const refs::OwnedReference& kwargs)
        : _args(args),
          _kwargs(kwargs),
          count(0)
    {
    }
private:
    refs::OwnedReference _args;
    refs::OwnedReference _kwargs;
    int count;
};

class Greenlet
{
public:
    Greenlet(void* mark);
private:
    StackState stack_state;
    refs::OwnedReference* borrowed;
};
} // namespace greenlet
""",
    "src/TGreenlet.cpp": """#include "TGreenlet.hpp"

namespace greenlet {
StackState::StackState(void* mark, int size)
{
}

Greenlet::Greenlet(void* mark)
    : stack_state(mark, 0), borrowed(nullptr)
{
}
} // namespace greenlet
""",
}
REFS, HEADER = "src/greenlet_refs.hpp", "src/TGreenlet.hpp"


def test_a_member_initializer_runs_the_constructor_of_the_members_declared_class(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert _targets(work, HEADER, "_args") == {(REFS, 15)}
    assert _targets(work, HEADER, "_kwargs") == {(REFS, 15)}


def test_a_member_initializer_in_an_out_of_line_constructor_reaches_an_out_of_line_constructor(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert _targets(work, "src/TGreenlet.cpp", "stack_state") == {("src/TGreenlet.cpp", 4)}


def test_a_templated_base_initializer_runs_the_bases_constructor(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert _targets(work, REFS, "PyObjectPointer") == {(REFS, 5)}


def test_members_of_a_builtin_or_pointer_type_reach_no_definition(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert _targets(work, HEADER, "count") <= {(None, None)}
    assert _targets(work, "src/TGreenlet.cpp", "borrowed") <= {(None, None)}
    assert _targets(work, REFS, "p") <= {(None, None)}


BORROWED = {
    "src/greenlet_refs.hpp": """#pragma once
namespace greenlet {
namespace refs {
class BorrowedObject
{
};

template <typename T>
class _BorrowedGreenlet
{
public:
    _BorrowedGreenlet(T* it)
    {
    }

    _BorrowedGreenlet(const BorrowedObject& it);
    void run() {}
};

struct PyGreenlet {};
typedef _BorrowedGreenlet<PyGreenlet> BorrowedGreenlet;
} // namespace refs
} // namespace greenlet
""",
    "src/greenlet.cpp": """#include "greenlet_refs.hpp"

using greenlet::refs::BorrowedGreenlet;
using greenlet::refs::PyGreenlet;

template <typename T>
greenlet::refs::_BorrowedGreenlet<T>::_BorrowedGreenlet(const BorrowedObject& p)
{
}

static void green_run(PyGreenlet* self)
{
    BorrowedGreenlet(self).run();
}
""",
}


def test_an_inline_overload_in_the_header_competes_with_the_one_defined_out_of_line(tmp_path):
    """`BorrowedGreenlet(self)` with a `PyGreenlet*`: the header's `_BorrowedGreenlet(T* it)`, not the
    constructor defined out of line in the source file (it takes a `const BorrowedObject&`)."""
    work = indexed_workspace(tmp_path, BORROWED)
    assert ("src/greenlet.cpp", 7) not in _targets(work, "src/greenlet.cpp", "BorrowedGreenlet")


DELEGATING = {
    "src/greenlet_compiler_compat.hpp": """#pragma once
#define G_NO_COPIES_OF_CLS(Cls) private:     \\
    Cls(const Cls& other) = delete; \\
    Cls& operator=(const Cls& other) = delete
""",
    "src/TGreenlet.hpp": """#pragma once
#include "greenlet_compiler_compat.hpp"

namespace greenlet {
class StackState
{
};

class Greenlet
{
private:
    G_NO_COPIES_OF_CLS(Greenlet);
public:
    Greenlet(int* p);
    Greenlet(int* p, const StackState& initial_state);
};
} // namespace greenlet
""",
    "src/TGreenlet.cpp": """#include "TGreenlet.hpp"

namespace greenlet {
Greenlet::Greenlet(int* p)
    :  Greenlet(p, StackState())
{
}

Greenlet::Greenlet(int* p, const StackState& initial_stack)
{
}
} // namespace greenlet
""",
}


def test_a_delegating_constructor_reaches_the_definition_of_its_argument_count(tmp_path):
    """`: Greenlet(p, StackState())`: the two-argument constructor's out-of-line definition, not the
    copy constructor a macro declares in the class body."""
    work = indexed_workspace(tmp_path, DELEGATING)
    assert _targets(work, "src/TGreenlet.cpp", "Greenlet") == {("src/TGreenlet.cpp", 9)}
