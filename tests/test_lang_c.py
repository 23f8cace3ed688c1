"""C and C++ fixture projects: includes, header declarations to source definitions, namespaces,
out-of-line Class::method definitions."""
from __future__ import annotations

import pytest

from graphmind.lang.cfamily.cpptypes import unwrap
from langcases import blast_radius, definitions, edges, index_fixture, resolution


@pytest.fixture(scope="module")
def c(tmp_path_factory):
    return index_fixture(tmp_path_factory.mktemp("c"), "c_shop")


@pytest.fixture(scope="module")
def cpp(tmp_path_factory):
    return index_fixture(tmp_path_factory.mktemp("cpp"), "cpp_shop")


def test_c_definitions_and_blast_radius(c):
    assert {"include.store.store", "src.store.valid", "src.store.store_add", "src.store.store_len",
            "src.util.util_nonempty", "src.main.main", "src.other.valid", "src.other.other"} <= definitions(c)
    assert blast_radius(c, "src.util.util_nonempty") == {"src.store.valid", "src.store.store_add", "src.main.main"}
    assert blast_radius(c, "src.store.store_len") == {"src.main.main"}


def test_c_no_wrong_edges(c):
    resolved = edges(c)
    assert ("src.store.store_add", "src.other.valid") not in resolved     # each file's static valid()
    assert ("src.other.other", "src.store.valid") not in resolved
    assert resolution(c, "src.main.main", "store_add") == {("import", "src.store.store_add")}


def test_cpp_out_of_line_members_join_their_class(cpp):
    assert {"src.cart.shop.Cart.add", "src.cart.shop.Cart.Cart", "src.cart.shop.Cart.validate",
            "src.entity.shop.Entity.touch", "src.cart.shop.count_all", "src.util.util.clean",
            "include.shop.cart.shop.Cart", "include.shop.cart.shop.Cart.add"} <= definitions(cpp)
    assert resolution(cpp, "src.cart.shop.Cart.add", "validate") == {("self", "src.cart.shop.Cart.validate")}
    assert resolution(cpp, "src.cart.shop.Cart.add", "this->touch") == {("self", "src.entity.shop.Entity.touch")}


def test_cpp_blast_radius(cpp):
    assert blast_radius(cpp, "src.entity.shop.Entity.audit") == {
        "src.entity.shop.Entity.touch", "src.cart.shop.Cart.validate", "src.cart.shop.Cart.add", "src.main.main"}
    assert blast_radius(cpp, "src.util.util.clean") == {"src.cart.shop.Cart.add", "src.main.main"}
    assert blast_radius(cpp, "src.cart.shop.Cart.size") == {"src.cart.shop.count_all", "src.main.main"}
    assert blast_radius(cpp, "src.cart.shop.Cart.Cart") == {"src.main.main"}


def test_cpp_no_wrong_edges(cpp):
    resolved = edges(cpp)
    assert not {c for c, t in resolved if t == "src.main.Ledger.add"}
    assert not {t for c, t in resolved if t == "include.shop.cart.shop.Cart.add"}   # the declaration
    assert resolution(cpp, "src.cart.shop.Cart.add", "items_.push_back") == {("external", None)}


@pytest.fixture(scope="module")
def macros(tmp_path_factory):
    return index_fixture(tmp_path_factory.mktemp("cm"), "c_macros")


def test_a_call_through_a_function_like_macro_reaches_what_its_body_calls(macros):
    """`check_string(L, 1)` (a macro over luaL_checklstring) reaches luaL_checklstring through the
    macro: the macro is on the path, its body's calls are `call` edges."""
    assert resolution(macros, "src.lstrlib.str_len", "check_string") == {("import", "include.lauxlib.check_string")}
    assert resolution(macros, "include.lauxlib.check_string", "luaL_checklstring") == {
        ("import", "src.lauxlib.luaL_checklstring")}
    assert resolution(macros, "include.lauxlib.luaL_argcheck", "luaL_argerror") == {
        ("import", "src.lauxlib.luaL_argerror")}
    assert blast_radius(macros, "src.lauxlib.luaL_checklstring") == {"include.lauxlib.check_string", "src.lstrlib.str_len"}
    assert not {t for c, t in edges(macros) if c == "include.lauxlib.check_string" and t.endswith(".L")}   # a parameter


def test_a_prototype_reaches_the_one_definition_whatever_the_file_names(macros):
    """api.h declares api_push, core.c defines it: the one candidate is resolved; a `static` function
    of another file never is; definitions in exclusive #if/#else branches stay alternatives."""
    assert resolution(macros, "src.lstrlib.str_len", "api_push") == {("import", "src.core.api_push")}
    assert {how for how, _ in resolution(macros, "src.user.run", "helper")} == {"possible"}    # two statics
    assert resolution(macros, "src.core.helper", "api_pop") == {("possible", "src.core.api_pop")}
    assert len(macros.execute("SELECT 1 FROM calls c JOIN symbols s ON s.id = c.caller_id WHERE s.qualname ="
                              " 'src.core.helper' AND c.callee = 'api_pop'").fetchall()) == 2
    assert resolution(macros, "src.other.use", "helper") == {("local", "src.other.helper")}


def test_out_of_line_template_members_and_initializer_lists_are_their_functions(tmp_path):
    conn = index_fixture(tmp_path, "cpp_templates")
    assert resolution(conn, "box.store.Box.Box", "helper") == {("import", "helper.helper")}     # `: value_(helper(1))`
    assert resolution(conn, "box.store.Box.put", "helper") == {("import", "helper.helper")}
    # the declaration in the class and the definition below it: one edge, to the definition
    assert {(how, line) for how, line in conn.execute(
        "SELECT c.resolution, t.start_line FROM calls c JOIN symbols s ON s.id = c.caller_id JOIN symbols t"
        " ON t.id = c.target_id WHERE c.callee = 'get' AND c.kind = 'call'")} == {("self", 18)}


def test_a_holder_of_a_template_with_several_arguments_reaches_the_whole_template():
    assert unwrap("std::unique_ptr<Foo<A, B>>") == "Foo<A, B>"
    assert unwrap("std::shared_ptr<std::optional<ns::T>>") == "ns::T"
    assert unwrap("std::unique_ptr<Foo, Deleter<X, Y>>") == "Foo"


def test_an_object_like_macro_whose_expansion_calls_is_called_where_it_is_used(macros):
    """xxHash: `PROCESS4;` and `XXH_CPU_LITTLE_ENDIAN ? …` expand to calls (through a nested macro:
    PROCESS4 uses XXH_get32bits), and `#define XXH_memcpy XXH_copy` names a function: each use reaches
    the function, the macros on the path; a constant macro and `#ifdef` are no calls."""
    assert resolution(macros, "src.xxh.XXH32_finalize", "PROCESS4") == {("local", "src.xxh.PROCESS4")}
    assert resolution(macros, "src.xxh.PROCESS4", "XXH_get32bits") == {("local", "src.xxh.XXH_get32bits")}
    assert resolution(macros, "src.xxh.XXH32_digest", "XXH_CPU_LITTLE_ENDIAN") == {
        ("local", "src.xxh.XXH_CPU_LITTLE_ENDIAN")}
    assert resolution(macros, "src.xxh.XXH_CPU_LITTLE_ENDIAN", "XXH_isLittleEndian") == {
        ("local", "src.xxh.XXH_isLittleEndian")}
    assert resolution(macros, "src.xxh.XXH_memcpy", "XXH_copy") == {("local", "src.xxh.XXH_copy")}
    assert blast_radius(macros, "src.xxh.XXH_readLE32_align") == {
        "src.xxh.XXH_get32bits", "src.xxh.PROCESS4", "src.xxh.XXH32_finalize", "src.xxh.XXH32_digest"}
    assert not {t for c, t in edges(macros) if t in ("src.xxh.PROCESS1", "src.xxh.XXH_PRIME32_1")}
    assert len(resolution(macros, "src.xxh.XXH32_digest", "XXH_CPU_LITTLE_ENDIAN")) == 1
    assert macros.execute("SELECT count(*) FROM calls WHERE callee = 'XXH_CPU_LITTLE_ENDIAN'").fetchone()[0] == 1


def test_a_call_reaches_the_namesake_the_configuration_keeps(macros):
    """`#if` chains decided from the file's own #defines and the compiler's predefined macros
    (x86-64 Linux, GCC-compatible): MEM_FORCE_MEMORY_ACCESS is 1, so the packed-union MEM_read32 is
    the one compiled; `#if defined(USE_PLATFORM_HOOKS)`, a name no file of the project defines (only
    `-D` may), is the default build's `#else`; `#if defined(USE_FAST)`, defined by a configuration header, keeps both;
    a source file `#include`d whole (lz4hc.c includes lz4.c) shows its static functions."""
    def targets(caller, callee):
        return {(how, line) for how, line in macros.execute(
            "SELECT c.resolution, t.start_line FROM calls c JOIN symbols s ON s.id = c.caller_id JOIN symbols t"
            " ON t.id = c.target_id WHERE s.qualname = ? AND c.callee = ?", (caller, callee))}
    assert targets("src.mem.MEM_readLE32", "MEM_read32") == {("local", 16)}
    assert targets("src.mem.MEM_readLE32", "MEM_hook") == {("local", 27)}
    # core.c's `#if defined(USE_FAST)`: config.h defines USE_FAST in some builds, both api_pop stay
    assert targets("src.memhc.HC_hashPtr", "MEM_read32") == {("import", 16)}
    signatures = dict(macros.execute("SELECT start_line, signature FROM symbols WHERE name = 'MEM_read32'"))
    assert signatures[13].endswith("/* #if: left out */") and not signatures[16].endswith("*/")
    assert resolution(macros, "src.core.helper", "api_pop") == {("possible", "src.core.api_pop")}
