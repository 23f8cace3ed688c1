"""One name declared with two classes in two blocks of a function, as JsonCpp's test runner writes it
(`std::unique_ptr<CharReader> reader(…)` in one branch, `Reader reader(features)` in the other): the
compiler binds each call to one declaration; graphmind, which keeps one binding per name and function,
leaves the call `possible` between the two rather than drawing two resolved edges."""
from __future__ import annotations

from langcases import call_targets as _targets, indexed_workspace

FILES = {
    "reader.h": """#pragma once
#include <memory>

namespace Json {
class CharReader {
public:
  bool parse(const char* begin, const char* end);
};

class Reader {
public:
  bool parse(const char* begin, const char* end);
};
}
""",
    "reader.cpp": """#include "reader.h"

namespace Json {
bool CharReader::parse(const char* begin, const char* end) { return begin != end; }

bool Reader::parse(const char* begin, const char* end) { return begin == end; }
}
""",
    "main.cpp": """#include "reader.h"

static bool parseAndSave(const char* input, bool features) {
  if (!features) {
    std::unique_ptr<Json::CharReader> reader(new Json::CharReader());
    return reader->parse(input, input + 1);
  } else {
    Json::Reader reader;
    return reader.parse(input, input + 1);
  }
}

int main() { return parseAndSave("x", true) ? 0 : 1; }
""",
}


def test_a_name_typed_two_ways_in_two_blocks_leaves_its_calls_possible(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    for callee in ("reader->parse", "reader.parse"):
        rows = _targets(work, "main.cpp", callee)
        assert {how for how, _, _ in rows} == {"possible"}, (callee, rows)
        assert {(path, line) for _, path, line in rows} >= {("reader.cpp", 4), ("reader.cpp", 6)}
