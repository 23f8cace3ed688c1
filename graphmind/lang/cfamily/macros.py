"""The calls written in a C/C++ function-like macro's body (`#define check_string(L,n)
luaL_checklstring(L,(n),NULL)`): the grammar keeps a body as raw text, so its calls are read here,
with the macro as their caller (each with its argument count, which picks among C++ overloads). A
call through the macro then reaches what the expansion calls, the macro named on the path."""
from __future__ import annotations

import re

from graphmind.lang.cfamily.conditions import INACTIVE, backport_spans
from graphmind.lang.cfamily.defaults import branch_spans, mark
from graphmind.languages import BACKPORT
from graphmind.lang.cfamily.pasted import pasted_definitions
from graphmind.lang.cfamily.templated import templated_definitions
from graphmind.lang.cfamily.typegeneric import typed_uses
from graphmind.lang.cfamily.xmacros import xmacro_rows
from graphmind.models import CallRow

_CALL = re.compile(rb"(?<![\w.>#])([A-Za-z_]\w*(?:\s*::\s*[A-Za-z_]\w*)*)\s*\(")
_NOT_CALLS = frozenset({
    b"if", b"while", b"for", b"switch", b"return", b"sizeof", b"alignof", b"_Alignof", b"defined", b"do",
    b"typeof", b"__typeof__", b"decltype", b"__builtin_expect", b"static_cast", b"reinterpret_cast",
    b"const_cast", b"dynamic_cast", b"_Generic", b"__attribute__", b"__declspec", b"case", b"else", b"_Pragma",
    b"__pragma"})
_PARAMS = re.compile(rb"[A-Za-z_]\w*")
_C_WORDS = frozenset({"int", "char", "short", "long", "float", "double", "void", "signed", "unsigned", "const",
                      "static", "inline", "extern", "volatile", "register", "restrict", "__inline", "__inline__",
                      "__restrict", "__restrict__", "bool", "_Bool", "size_t", "auto", "constexpr", "noexcept"})
_COMMENT = re.compile(rb"/\*.*?\*/", re.S)
_ALIAS = re.compile(rb"[A-Za-z_]\w*(?:\s*::\s*[A-Za-z_]\w*)*")


def preprocessed(language: str, ordered: list, source: bytes, symbols: list, enclosing, root,
                 calls: list[CallRow]) -> tuple[list[CallRow], list]:
    """C/C++: the definitions in `#if` branches the compiler leaves out marked (their signature ends
    with INACTIVE, graphmind/lang/cfamily/conditions.py), and the rows of `macro_rows`; with the spans
    left out (an `#include "mman.h"` under `#if defined(_MSC_VER)` includes nothing here). The rows
    the grammar read in a macro's lines after a `/* … */` it ends the macro at are dropped from `calls`."""
    if language not in ("c", "cpp"):
        return [], []
    cut = {n for d in ordered if d.kind == "macro" for n in range(d.node.end_point[0] + 2, _end(source, d.node)[1] + 2)}
    calls[:] = [row for row in calls if row.line not in cut] if cut else calls
    named = [symbols[d.index].name for d in ordered if d.kind in ("function", "macro")]
    spans, off = branch_spans(source, language, len(set(named)) < len(named)) if b"#" in source else ([], [])
    for d in ordered if spans else ():
        if any(lo <= d.node.start_byte < hi for lo, hi in spans):
            symbols[d.index].signature += INACTIVE
    older = backport_spans(source) if b"VERSION" in source else []
    for d in ordered if older else ():
        if d.kind in ("function", "macro") and any(lo <= d.node.start_byte < hi for lo, hi in older) \
                and not symbols[d.index].signature.endswith(INACTIVE):
            symbols[d.index].signature += BACKPORT
    for d in ordered if off else ():
        where = [names for lo, hi, names in off if lo <= d.node.start_byte < hi]
        if where and d.kind in ("function", "macro") and not symbols[d.index].signature.endswith((INACTIVE, BACKPORT)):
            symbols[d.index].signature = mark(symbols[d.index].signature, frozenset().union(*where))
    macros = [d for d in ordered if d.kind == "macro"]
    if b"##" in source:
        pasted_definitions(macros, source, symbols, enclosing)
    rows = macro_rows(macros, source, enclosing)
    if language == "c":                 # `static void FN(HistogramClear)(…) {`: Brotli's templates
        templated_definitions(root, source, symbols, [*calls, *rows])
        rows += typed_uses(calls, source)       # `BROTLI_MIN(size_t, a, b)`: brotli_min_ ## T
        rows += xmacro_rows(source, enclosing) if b"##" in source else []     # `FOR_ALL_HASHERS(SIZE_)`
    return rows, spans


def macro_rows(macros: list, source: bytes, enclosing) -> list[CallRow]:
    """The calls in the macros' bodies, and a `call` row at each use of an object-like macro of this
    file whose expansion calls (`PROCESS4;`, `XXH_CPU_LITTLE_ENDIAN ? …`): a bare name, no call syntax."""
    rows, calling = [], {}
    for d in macros:
        body = macro_calls(d.index, d.node, source)
        if d.node.type == "preproc_def" and any(not row.name.isupper() for row in body):
            calling[_text(source, d.name)] = d.node   # FN(…), BROTLI_ATTRIBUTE(…): macros by name, no call
        rows += body
    if calling:
        uses = re.compile(rb"(?<![\w#])(" + b"|".join(re.escape(n) for n in calling) + rb")(?!\w)(?!\s*\()")
        for m in uses.finditer(source):
            start = source.rfind(b"\n", 0, m.start()) + 1
            line = source[start:m.start()].lstrip()
            own = calling[m.group(1)]
            if line[:1] == b"#" and not line.startswith(b"#define") and not line.startswith(b"# define") or \
                    own.start_byte <= m.start() < own.end_byte or _in_comment(source, start, m.start()):
                continue                           # `#ifdef NAME`, the definition itself
            name = m.group(1).decode()
            rows.append(CallRow(enclosing(m.start(), True), name, name, source.count(b"\n", 0, m.start()) + 1,
                                m.start() - start))
    return rows


def _text(source: bytes, node) -> bytes:
    return source[node.start_byte:node.end_byte]


def _in_comment(source: bytes, line_start: int, at: int) -> bool:
    """A `//` or `/*` comment opened earlier on the line (comments across lines are not looked at)."""
    before = source[line_start:at]
    return b"//" in before or before.rfind(b"/*") > before.rfind(b"*/")


def macro_calls(index: int, node, source: bytes) -> list[CallRow]:
    """Call rows for the calls in the body of the macro `node` (symbol `index`); an object-like macro
    naming a function (`#define XXH_memcpy XXH_copy`) calls it where it is used as `XXH_memcpy(…)`."""
    body = node.child_by_field_name("value")
    if body is None or node.type not in ("preproc_function_def", "preproc_def"):
        return []
    params = node.child_by_field_name("parameters")
    alias = _ALIAS.fullmatch(_text(source, body).strip()) if node.type == "preproc_def" else None
    if alias is not None:
        callee = re.sub(rb"\s+", b"", alias.group(0)).decode("utf-8", "replace")
        if callee.isupper() or callee in _C_WORDS:
            return []                           # `#define LIMIT MAX_LEN`, `#define BOOL int`: no function
        line, col = body.start_point
        return [CallRow(index, callee, callee.rsplit("::", 1)[-1], line + 1, col)]
    skip = _NOT_CALLS | set(_PARAMS.findall(source[params.start_byte:params.end_byte])) if params else _NOT_CALLS
    text = _COMMENT.sub(lambda m: re.sub(rb"[^\n]", b" ", m.group(0)), source[body.start_byte:_end(source, node)[0]])
    rows, (line, col) = [], body.start_point
    for m in _CALL.finditer(text):
        written = m.group(1)
        if written in skip or written.split(b"::")[-1].strip() in skip:
            continue
        before = text[:m.start(1)]
        nl = before.rfind(b"\n")
        at_line = line + before.count(b"\n")
        at_col = (col + m.start(1)) if nl < 0 else m.start(1) - nl - 1
        callee = re.sub(rb"\s+", b"", written).decode("utf-8", "replace")
        rows.append(CallRow(index, callee, callee.rsplit("::", 1)[-1], at_line + 1, at_col,
                            arity=_arity(text, m.end() - 1)))
    return rows


def _end(source: bytes, node) -> tuple[int, int]:
    """Where a macro's text ends (byte, 0-based line): the grammar ends it at a `/* … */` written in
    its body (RapidJSON's `RAPIDJSON_ASSERT(!HasParseError()); /* … */ \\`), the `\\` going on past it."""
    end, row = node.end_byte, node.end_point[0]
    if node.child_count == 0 or node.children[-1].type != "comment":
        return end, row
    while True:
        stop = source.find(b"\n", end)
        stop = len(source) if stop < 0 else stop
        if not source[end:stop].rstrip().endswith(b"\\") or stop == len(source):
            return stop, row
        end, row = stop + 1, row + 1


def _arity(text: bytes, start: int) -> int | None:
    """How many arguments the parentheses opening at `start` hold (overloads are picked by it; a call
    the body leaves open: not known)."""
    depth, commas, empty = 0, 0, True
    for i in range(start, len(text)):
        ch = text[i]
        if ch in b"([{":
            depth += 1
        elif ch in b")]}":
            depth -= 1
            if depth == 0:
                return 0 if empty else commas + 1
        elif ch == 44 and depth == 1:                  # b","
            commas += 1
        if depth >= 1 and i > start and ch not in b" \t\n\\":
            empty = False
    return None
