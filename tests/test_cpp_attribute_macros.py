"""Attribute macros the grammar cannot read, as JsonCpp writes them: `JSONCPP_NORETURN void
throwLogicError(...)` before a declaration, `template <typename T> T as() const
JSONCPP_TEMPLATE_DELETE;` after a member's parameters. Left in, they broke class Value in two (its
members became the namespace's and were never paired with their definitions in the .cpp); in a file
the grammar rejects they are blanked at the same length and the file parsed again."""
from __future__ import annotations

from langcases import call_targets as _targets, indexed_workspace

from graphmind.lang.cfamily.exports import blank_attributes

FILES = {
    "include/json/value.h": """#ifndef JSON_VALUE_H_INCLUDED
#define JSON_VALUE_H_INCLUDED
#define JSONCPP_NORETURN [[noreturn]]
#define JSONCPP_TEMPLATE_DELETE = delete
#define JSON_API
#define JSONCPP_DEPRECATED(message) __attribute__((deprecated(message)))

namespace Json {
using String = std::basic_string<char, std::char_traits<char>>;
/// used internally
JSONCPP_NORETURN void throwLogicError(const char* msg);

class JSON_API Value {
public:
  template <typename T> T as() const JSONCPP_TEMPLATE_DELETE;
  template <typename T> bool is() const JSONCPP_TEMPLATE_DELETE;

  /// \\deprecated Always pass len.
  JSONCPP_DEPRECATED("Use setComment(String const&) instead.")
  void setComment(const char* comment) { setComment(String(comment)); }
  void setComment(String comment);

  bool asBool() const;
  bool isBool() const;
  void clear();

private:
  int bits_;
};

template <> inline bool Value::as<bool>() const { return asBool(); }
} // namespace Json
#endif
""",
    "src/lib_json/json_value.cpp": """#include <json/value.h>

namespace Json {
void throwLogicError(const char* msg) { throw msg; }

bool Value::asBool() const {
  if (!isBool())
    throwLogicError("not a bool");
  return bits_ != 0;
}

bool Value::isBool() const { return bits_ == 1; }

void Value::clear() {
  String empty = String("", 0);
  bits_ = 0;
}
} // namespace Json
""",
    "src/test_lib_json/main.cpp": """#include <memory>
#include <json/value.h>

namespace Json {
class CharReader {
public:
  virtual ~CharReader() = default;
};
}
using CharReaderPtr = std::unique_ptr<Json::CharReader>;

int main() {
  Json::Value value;
  value.clear();
  Json::String s("x");
  CharReaderPtr reader(new Json::CharReader());
  return value.asBool() ? 0 : 1;
}
""",
}


def test_members_of_a_class_after_attribute_macros_pair_with_their_definitions(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert _targets(work, "src/test_lib_json/main.cpp", "value.clear") == {("inferred", "src/lib_json/json_value.cpp", 14)}
    assert _targets(work, "src/test_lib_json/main.cpp", "value.asBool") == {("inferred", "src/lib_json/json_value.cpp", 6)}
    assert _targets(work, "src/lib_json/json_value.cpp", "isBool") == {("self", "src/lib_json/json_value.cpp", 12)}


def test_an_alias_of_a_standard_type_called_as_a_constructor_is_outside_the_project(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert _targets(work, "src/lib_json/json_value.cpp", "String") == {("external", None, None)}
    assert _targets(work, "src/test_lib_json/main.cpp", "Json::String") == {("external", None, None)}
    assert _targets(work, "src/test_lib_json/main.cpp", "CharReaderPtr") == {("external", None, None)}


def test_attribute_macros_are_blanked_at_the_same_length_and_calls_are_not():
    source = (b"JSONCPP_NORETURN void throwLogicError(String const& msg);\n"
              b"  template <typename T> T as() const JSONCPP_TEMPLATE_DELETE;\n"
              b"  void f() OVERRIDE {}\n"
              b"JSON_ASSERT(x);\nFOO_BAR(x) int y;\nBOOL ok(int);\n")
    blanked, lines = blank_attributes("cpp", source)
    assert lines == [1, 2, 3] and len(blanked) == len(source)
    assert b"JSONCPP_NORETURN" not in blanked and b"JSONCPP_TEMPLATE_DELETE" not in blanked
    assert b"OVERRIDE" not in blanked and b"JSON_ASSERT(x)" in blanked and b"BOOL ok" in blanked
    assert blank_attributes("c", source) == (source, [])
