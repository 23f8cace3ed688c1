"""Overloads of one argument count that every argument may be passed to, as TinyXML-2's tests write
them: `XMLTest(name, "a", found)`, `XMLTest(name, true, doc.Error())`, `XMLTest(name, 0, example_1())`
among `(const char*, const char*, const char*)`, `(…, bool, bool)` and `template <class T> (…, T, T)`.
The compiler takes the one matching the known arguments exactly, a plain function before an equally good
template; a template only when its type parameter's arguments are known and agree; else `possible`."""
from __future__ import annotations

from langcases import indexed_workspace, open_reader

FILES = {
    "xmltest.cpp": """#include <stdio.h>

bool XMLTest (const char* testString, const char* expected, const char* found, bool echo=true )
{
    return expected == found;
}

bool XMLTest(const char* testString, bool expected, bool found, bool echo = true )
{
    return XMLTest(testString, expected ? "true" : "false", found ? "true" : "false", echo);
}

template< class T > bool XMLTest( const char* testString, T expected, T found, bool echo=true )
{
    return expected == found;
}

int example_1()
{
    return 0;
}

bool loaded(const char* path);

enum XMLError { XML_SUCCESS = 0, XML_NO_ATTRIBUTE };

bool XMLTest(const char* testString, XMLError expected, XMLError found, bool echo = true )
{
    return expected == found;
}

int main()
{
    const char* text = "x";
    int count = 3;
    unsigned size = 3;
    XMLError queryResult = XML_SUCCESS;
    XMLTest( "Example_1", 0, example_1() );
    XMLTest( "Load", true, loaded( "a.xml" ) );
    XMLTest( "Text", "x", text );
    XMLTest( "Count", 3, count );
    XMLTest( "Size", 3, size );
    XMLTest( "Unknown", 3, loaded );
    XMLTest( "Cast", (int)XML_SUCCESS, queryResult );
    return 0;
}
""",
}


def _lines(work, path: str, callee: str) -> dict[int, set[tuple[str, int | None]]]:
    out: dict[int, set] = {}
    for line, how, start in open_reader(work).execute(
            "SELECT c.line, c.resolution, t.start_line FROM calls c JOIN files f ON f.id = c.file_id"
            " LEFT JOIN symbols t ON t.id = c.target_id WHERE f.path = ? AND c.callee = ? AND c.kind = 'call'",
            (path, callee)):
        out.setdefault(line, set()).add((how, start))
    return out


def _at(label: str) -> int:
    return next(n for n, text in enumerate(FILES["xmltest.cpp"].splitlines(), 1) if f'"{label}"' in text)


def test_the_overload_matching_the_known_arguments_exactly_is_taken(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    rows = _lines(work, "xmltest.cpp", "XMLTest")
    template, plain_bool, plain_text = 13, 8, 3
    assert rows[_at("Example_1")] == {("local", template)}      # 0 and an int result: the template, T = int
    assert rows[_at("Load")] == {("local", plain_bool)}         # true: the bool overload, not the template
    assert rows[_at("Text")] == {("local", plain_text)}         # strings: the plain overload before the template
    for label in ("Count", "Size", "Unknown", "Cast"):
        # a local (one name may be declared in several blocks), an unsigned (no one T), a name not read,
        # (int) of an enum (neither the enum's overload nor bool's exactly): left open
        assert {how for how, _ in rows[_at(label)]} == {"possible"}, label
