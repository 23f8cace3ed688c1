"""C and C++ as real projects lay them out across files: a one-unit build (`allsources.c` includes
every `.c`, pyahocorasick), where a file's `static` functions are seen by the other sources of the same
unit through the prototypes of their headers; and a C++ using-declaration at namespace level in one
header (`namespace grimoire { using io::Mapper; }` in marisa-trie's io.h), which names the class for
every file that includes that header and is inside the namespace; and a C extension's object struct
(`typedef struct { PyObject_HEAD Interface* ptr; } py_annoy;`, Annoy) whose field types the calls made
through `self->ptr->m()`: clang binds them to the interface's declaration; and a class declared with an
export macro (`class TLSH_API Tlsh {`, py-tlsh), which the grammar reads as a function unless the macro
is blanked."""
from __future__ import annotations

from graphmind.store import open_reader
from langcases import indexed_workspace

UNITY = {
    "src/trie.h": "#ifndef TRIE_H\n#define TRIE_H\nstatic int\ntrie_find(int *root, int n);\n#endif\n",
    "src/trie.c": "#include \"trie.h\"\n\nstatic int\ntrie_find(int *root, int n) {\n    return root[n];\n}\n",
    "src/utils.c": "static int\nhelper(int x) {\n    return x + 1;\n}\n",
    "src/Automaton.h": "#include \"trie.h\"\nint automaton_get(int *root);\n",
    "src/Automaton.c": ("#include \"Automaton.h\"\n\nint\nautomaton_get(int *root) {\n"
                        "    return trie_find(root, 1) + helper(2);\n}\n"),
    "src/allsources.c": "#include \"trie.h\"\n#include \"utils.c\"\n#include \"trie.c\"\n#include \"Automaton.c\"\n",
    # a second program that does not include trie.c: its own static trie_find is not the unit's
    "tools/other.c": "#include \"../src/trie.h\"\n\nint other(int *r) {\n    return trie_find(r, 0);\n}\n",
}

USING = {
    "lib/io/mapper.h": ("namespace marisa {\nnamespace grimoire {\nnamespace io {\n\nclass Mapper {\n public:\n"
                        "  template <typename T>\n  void map(T *obj) {\n    *obj = T();\n  }\n  void seek(int size);\n};\n\n"
                        "}  // namespace io\n}  // namespace grimoire\n}  // namespace marisa\n"),
    "lib/io.h": ("#include \"io/mapper.h\"\n\nnamespace marisa {\nnamespace grimoire {\n\nusing io::Mapper;\n\n"
                 "}  // namespace grimoire\n}  // namespace marisa\n"),
    "lib/vector/vector.h": ("#include \"../io.h\"\n\nnamespace marisa {\nnamespace grimoire {\nnamespace vector {\n\n"
                            "class Vector {\n public:\n  void map(Mapper &mapper) {\n    int total;\n"
                            "    mapper.map(&total);\n    mapper.seek(8);\n  }\n};\n\n"
                            "}  // namespace vector\n}  // namespace grimoire\n}  // namespace marisa\n"),
}


def _rows(work, callee: str, path: str) -> set[tuple[str, str | None, int | None]]:
    conn = open_reader(work)
    return {tuple(r) for r in conn.execute(
        "SELECT c.resolution, tf.path, t.start_line FROM calls c JOIN files f ON f.id = c.file_id"
        " LEFT JOIN symbols t ON t.id = c.target_id LEFT JOIN files tf ON tf.id = t.file_id"
        " WHERE f.path = ? AND c.callee = ? AND c.kind = 'call'", (path, callee))}


def test_a_one_unit_build_sees_the_static_functions_of_the_sources_it_includes(tmp_path):
    work = indexed_workspace(tmp_path, UNITY)
    assert _rows(work, "trie_find", "src/Automaton.c") == {("import", "src/trie.c", 3)}
    assert _rows(work, "helper", "src/Automaton.c") == {("import", "src/utils.c", 1)}
    # outside the unit, trie.c's static function is not the one called
    assert not {r for r in _rows(work, "trie_find", "tools/other.c") if r[0] != "possible"}


def test_a_using_declaration_in_a_namespace_names_the_class_for_every_file_including_it(tmp_path):
    work = indexed_workspace(tmp_path, USING)
    assert _rows(work, "mapper.map", "lib/vector/vector.h") == {("inferred", "lib/io/mapper.h", 8)}
    assert _rows(work, "mapper.seek", "lib/vector/vector.h") == {("inferred", "lib/io/mapper.h", 11)}


EXTENSION = {
    "index.h": """#pragma once
template <typename S, typename T>
class IndexInterface {
 public:
  virtual ~IndexInterface() {};
  virtual bool load(const char* filename, bool prefault) = 0;
};

template <typename S, typename T>
class Index : public IndexInterface<S, T> {
 public:
  bool load(const char* filename, bool prefault) {
    return prefault;
  }
};
""",
    "module.cc": """#include "index.h"

class Wrapper : public IndexInterface<int, float> {
 public:
  bool load(const char* filename, bool prefault) { return _index.load(filename, prefault); }
 private:
  Index<int, float> _index;
};

typedef struct {
  IndexInterface<int, float>* ptr;
} py_index;

static bool py_load(py_index *self, const char *filename) {
  return self->ptr->load(filename, true);
}
""",
}


def test_a_typedef_of_an_unnamed_struct_types_its_fields(tmp_path):
    work = indexed_workspace(tmp_path, EXTENSION)
    rows = _rows(work, "self->ptr->load", "module.cc")
    assert {(path, line) for _, path, line in rows} == {("index.h", 6)}      # one edge, the interface's
    assert not {how for how, _, _ in rows} & {"possible", "pending", "unresolved"}


EXPORTED = {
    "include/tlsh.h": ("#define TLSH_API __attribute__((visibility(\"default\")))\nclass TlshImpl;\n\n"
                       "class TLSH_API Tlsh {\npublic:\n    Tlsh();\n    void update(const unsigned char* data, unsigned int len);\n"
                       "private:\n    TlshImpl* impl;\n};\n"),
    "include/tlsh_impl.h": "class TlshImpl {\npublic:\n    void update(const unsigned char* data, unsigned int len);\n};\n",
    "src/tlsh.cpp": ("#include \"tlsh.h\"\n#include \"tlsh_impl.h\"\n\nTlsh::Tlsh() : impl(new TlshImpl()) {}\n\n"
                     "void Tlsh::update(const unsigned char* data, unsigned int len) {\n    impl->update(data, len);\n}\n"),
    "src/tlsh_impl.cpp": "#include \"tlsh_impl.h\"\n\nvoid TlshImpl::update(const unsigned char* data, unsigned int len) {\n}\n",
    "src/main.cpp": ("#include \"tlsh.h\"\n\nint run(const unsigned char* x) {\n    Tlsh *th = new Tlsh();\n"
                     "    th->update(x, 4);\n    return 0;\n}\n"),
}


def test_a_class_declared_with_an_export_macro_is_a_class(tmp_path):
    work = indexed_workspace(tmp_path, EXPORTED)
    assert _rows(work, "th->update", "src/main.cpp") == {("inferred", "src/tlsh.cpp", 6)}
    assert _rows(work, "impl->update", "src/tlsh.cpp") == {("inferred", "src/tlsh_impl.cpp", 3)}
    kinds = dict(open_reader(work).execute("SELECT name, kind FROM symbols WHERE name IN ('Tlsh', 'TLSH_API')"))
    assert kinds.get("Tlsh") == "class" and "TLSH_API" not in kinds or kinds["TLSH_API"] == "macro"
