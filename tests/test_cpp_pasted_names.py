"""Functions a C++ macro defines under a pasted name, as RapidJSON's schema.h writes them:
`#define RAPIDJSON_STRING_(name, ...) static const ValueType& Get##name##String() {…}`, used in a class
body as `RAPIDJSON_STRING_(Null, 'n', 'u', 'l', 'l')` (the grammar reads the use as a constructor's
declaration), then `#undef`-ed and defined again in another class: each use defines a method of its
class, which a bare call in that class reaches."""
from __future__ import annotations

from graphmind.store import open_reader
from langcases import indexed_workspace

SCHEMA = "include/rapidjson/schema.h"
FILES = {SCHEMA: """#ifndef RAPIDJSON_SCHEMA_H_
#define RAPIDJSON_SCHEMA_H_

namespace rapidjson {

template <typename SchemaDocumentType>
class Schema {
public:
    typedef typename SchemaDocumentType::ValueType ValueType;
    typedef typename ValueType::Ch Ch;

    static const ValueType& GetValidateErrorKeyword(int validateErrorCode) {
        switch (validateErrorCode) {
            case 1:                return GetNullString();
            case 2:                return GetTypeString();
            default:               return GetNullString();
        }
    }

private:
#define RAPIDJSON_STRING_(name, ...) \\
    static const ValueType& Get##name##String() {\\
        static const Ch s[] = { __VA_ARGS__, '\\0' };\\
        static const ValueType v(s, static_cast<SizeType>(sizeof(s) / sizeof(Ch) - 1));\\
        return v;\\
    }

    RAPIDJSON_STRING_(Null, 'n', 'u', 'l', 'l')
    RAPIDJSON_STRING_(Type, 't', 'y', 'p', 'e')

#undef RAPIDJSON_STRING_
};

template <typename ValueT>
class GenericSchemaValidator {
public:
    void AddError(ValueT& keyword) {
        currentError_.AddMember(GetErrorCodeString(), keyword);
        currentError_.AddMember(GetNullString(), keyword);
    }

private:
#define RAPIDJSON_STRING_(name, ...) \\
    static const ValueT& Get##name##String() {\\
        static const char s[] = { __VA_ARGS__, '\\0' };\\
        return s;\\
    }

    RAPIDJSON_STRING_(ErrorCode, 'e', 'r', 'r', 'o', 'r', 'C', 'o', 'd', 'e')
    RAPIDJSON_STRING_(Null, 'n', 'u', 'l', 'l')

#undef RAPIDJSON_STRING_
    ValueT currentError_;
};

}

#endif
"""}


def _targets(work, callee: str) -> dict[int, set[tuple[str, int]]]:
    out: dict[int, set] = {}
    for line, how, start in open_reader(work).execute(
            "SELECT c.line, c.resolution, t.start_line FROM calls c LEFT JOIN symbols t ON t.id = c.target_id"
            " WHERE c.callee = ? AND c.kind = 'call'", (callee,)):
        out.setdefault(line, set()).add((how, start))
    return out


def test_a_pasted_name_is_a_method_of_the_class_using_the_macro(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert _targets(work, "GetTypeString") == {15: {("self", 29)}}
    assert _targets(work, "GetErrorCodeString") == {38: {("self", 49)}}


def test_the_same_pasted_name_in_two_classes_is_two_methods(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert _targets(work, "GetNullString") == {14: {("self", 28)}, 16: {("self", 28)}, 39: {("self", 50)}}
    kinds = {r for r in open_reader(work).execute("SELECT kind, name FROM symbols WHERE start_line IN (28, 50)")}
    assert kinds == {("method", "GetNullString")}      # not a constructor named RAPIDJSON_STRING_
