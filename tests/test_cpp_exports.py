"""A class declared with an export macro and its brace on the next line, as TinyXML-2 writes its
classes (`class TINYXML2_LIB StrPair` then `{`, in files with CRLF line ends): blanked like `class
TLSH_API Tlsh {`, so the classes stay inside their namespace and their members defined out of line are
paired with them."""
from __future__ import annotations

from langcases import call_targets as _targets, indexed_workspace

from graphmind.lang.cfamily.exports import blank_exports

FILES = {
    "tinyxml2.h": """#ifndef TINYXML2_INCLUDED
#define TINYXML2_INCLUDED
#   define TINYXML2_LIB __attribute__((visibility("default")))

namespace tinyxml2
{
class TINYXML2_LIB StrPair
{
public:
    StrPair() : _flags( 0 ), _start( 0 ) {}
    ~StrPair();
private:
    int _flags;
    char* _start;
};

class TINYXML2_LIB XMLNode
{
public:
    virtual ~XMLNode() {}
};

class TINYXML2_LIB XMLElement : public XMLNode
{
public:
    const char* Attribute( const char* name ) const;
    const char* Name() const { return Attribute( "name" ); }
};
}
#endif
""",
    "tinyxml2.cpp": """#include "tinyxml2.h"

namespace tinyxml2
{
const char* XMLElement::Attribute( const char* name ) const
{
    return name;
}
}
""",
    "xmltest.cpp": """#include "tinyxml2.h"
using namespace tinyxml2;

int main()
{
    XMLElement* element = 0;
    element->Attribute( "id" );
    return 0;
}
""",
}


def test_an_exported_class_with_its_brace_on_the_next_line_pairs_its_out_of_line_members(tmp_path):
    work = indexed_workspace(tmp_path, {name: text.replace("\n", "\r\n") for name, text in FILES.items()})
    assert _targets(work, "xmltest.cpp", "element->Attribute") == {("inferred", "tinyxml2.cpp", 5)}
    assert {p for _, p, _ in _targets(work, "tinyxml2.h", "Attribute")} == {"tinyxml2.cpp"}


def test_the_export_macro_is_blanked_when_the_brace_or_base_list_is_on_the_next_line():
    source = b"class TINYXML2_LIB StrPair\r\n{\r\n};\r\nclass TINYXML2_LIB XMLText\n    : public XMLNode\n{\n};\n"
    blanked, lines = blank_exports("cpp", source)
    assert lines == [1, 4] and b"TINYXML2_LIB" not in blanked and len(blanked) == len(source)
    assert blank_exports("cpp", b"struct STAT\nbuf;\n")[1] == []
