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

int main()
{
    const char* text = "x";
    int count = 3;
    unsigned size = 3;
    XMLTest( "Example_1", 0, example_1() );
    XMLTest( "Load", true, loaded( "a.xml" ) );
    XMLTest( "Text", "x", text );
    XMLTest( "Count", 3, count );
    XMLTest( "Size", 3, size );
    XMLTest( "Unknown", 3, loaded );
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


def test_the_overload_matching_the_known_arguments_exactly_is_taken(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    rows = _lines(work, "xmltest.cpp", "XMLTest")
    assert rows[30] == {("local", 13)}                 # 0 and an int result: the template, T = int
    assert rows[31] == {("local", 8)}                  # true: the bool overload, not the template
    assert rows[32] == {("local", 3)}                  # strings: the plain overload before the template
    assert {how for how, _ in rows[33]} == {"possible"}     # a local: not read (one name may be declared in several blocks)
    assert {how for how, _ in rows[34]} == {"possible"}     # 3 and an unsigned: the template cannot deduce one T
    assert {how for how, _ in rows[35]} == {"possible"}     # an argument not read: left open
