"""A bare name called in a C++ macro's body that only a class of the macro's own header defines, as
RapidJSON writes its parse-error macros beside GenericReader (`RAPIDJSON_PARSE_ERROR_NORETURN` calls
`HasParseError()` and `SetParseError(…)`, GenericReader's members, and GenericDocument in another
header has a `HasParseError` too): the expansion runs in that class's members, so the body's call
is that class's member. Where two classes of the header define the name, it stays `possible`. A
macro naming a variable (greenlet's `#define GET_THREAD_STATE() g_thread_state_global`) gives what it holds."""
from __future__ import annotations

from langcases import call_targets as _targets, indexed_workspace

READER = """#ifndef RAPIDJSON_READER_H_
#define RAPIDJSON_READER_H_

#include <cstddef>

#define RAPIDJSON_PARSE_ERROR_NORETURN(parseErrorCode, offset) \\
    RAPIDJSON_MULTILINEMACRO_BEGIN \\
    RAPIDJSON_ASSERT(!HasParseError()); /* Error can only be assigned once */ \\
    SetParseError(parseErrorCode, offset); \\
    RAPIDJSON_MULTILINEMACRO_END

#define RAPIDJSON_PARSE_ERROR(parseErrorCode, offset) \\
    RAPIDJSON_MULTILINEMACRO_BEGIN \\
    RAPIDJSON_PARSE_ERROR_NORETURN(parseErrorCode, offset); \\
    return; \\
    RAPIDJSON_MULTILINEMACRO_END

#define RAPIDJSON_CHECK_DEPTH() Reset()

namespace rapidjson {

template <typename SourceEncoding, typename TargetEncoding>
class GenericReader {
public:
    bool HasParseError() const { return code_ != 0; }

    void SetParseError(int code, size_t offset) { code_ = code; offset_ = offset; }

    void Reset() { code_ = 0; }

    template <typename InputStream>
    void ParseNull(InputStream& is) {
        RAPIDJSON_CHECK_DEPTH();
        if (is.Peek() != 'n')
            RAPIDJSON_PARSE_ERROR(3, is.Tell());
    }

private:
    int code_;
    size_t offset_;
};

class Stack {
public:
    void Reset() {}
};

} // namespace rapidjson

#endif
"""

DOCUMENT = """#ifndef RAPIDJSON_DOCUMENT_H_
#define RAPIDJSON_DOCUMENT_H_

#include "reader.h"

namespace rapidjson {

class GenericDocument {
public:
    bool HasParseError() const { return error_; }

    void SetParseError(int code, size_t offset) { error_ = true; }

private:
    bool error_;
};

} // namespace rapidjson

#endif
"""

FILES = {"include/rapidjson/reader.h": READER, "include/rapidjson/document.h": DOCUMENT}
HEADER = "include/rapidjson/reader.h"


def test_a_call_in_a_macro_body_reaches_the_member_of_the_one_class_of_its_header_defining_it(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert _targets(work, HEADER, "HasParseError") == {("local", HEADER, 25)}
    assert _targets(work, HEADER, "SetParseError") == {("local", HEADER, 27)}


def test_a_name_two_classes_of_the_header_define_stays_possible(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert {how for how, _, _ in _targets(work, HEADER, "Reset")} == {"possible"}


GREENLET = {
    "src/greenlet/TThreadState.hpp": """#ifndef GREENLET_THREAD_STATE_HPP
#define GREENLET_THREAD_STATE_HPP
namespace greenlet {
class ThreadState {
public:
    inline bool has_main_greenlet() const noexcept
    {
        return true;
    }
};
}
#endif
""",
    "src/greenlet/TThreadStateCreator.hpp": """#ifndef GREENLET_THREAD_STATE_CREATOR_HPP
#define GREENLET_THREAD_STATE_CREATOR_HPP
#include "TThreadState.hpp"
namespace greenlet {
template<void (*Destructor)(ThreadState*)>
class ThreadStateCreator
{
public:
    inline ThreadState& state()
    {
        return *this->_state;
    }
private:
    ThreadState* _state;
};
}
#endif
""",
    "src/greenlet/TThreadStateDestroy.cpp": """#include "TThreadStateCreator.hpp"

using greenlet::ThreadStateCreator;

static void destroy(greenlet::ThreadState* state) {}

static thread_local ThreadStateCreator<destroy> g_thread_state_global;
#define GET_THREAD_STATE() g_thread_state_global

static bool
green_has_main()
{
    return GET_THREAD_STATE().state().has_main_greenlet();
}
""",
}


def test_a_call_on_what_a_macro_naming_a_variable_gives(tmp_path):
    work = indexed_workspace(tmp_path, GREENLET)
    source = "src/greenlet/TThreadStateDestroy.cpp"
    assert _targets(work, source, "GET_THREAD_STATE().state") == {("inferred", "src/greenlet/TThreadStateCreator.hpp", 9)}
    assert _targets(work, source, "GET_THREAD_STATE().state().has_main_greenlet") == {
        ("inferred", "src/greenlet/TThreadState.hpp", 6)}
