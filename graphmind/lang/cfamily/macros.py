"""The calls written in a C/C++ function-like macro's body (`#define check_string(L,n)
luaL_checklstring(L,(n),NULL)`): the grammar keeps a body as raw text, so its calls are read here,
with the macro as their caller (each with its argument count, which picks among C++ overloads). A
call through the macro then reaches what the expansion calls, the macro named on the path."""
from __future__ import annotations

import re

from graphmind.models import CallRow

_CALL = re.compile(rb"(?<![\w.>#])([A-Za-z_]\w*(?:\s*::\s*[A-Za-z_]\w*)*)\s*\(")
_NOT_CALLS = frozenset({
    b"if", b"while", b"for", b"switch", b"return", b"sizeof", b"alignof", b"_Alignof", b"defined", b"do",
    b"typeof", b"__typeof__", b"decltype", b"__builtin_expect", b"static_cast", b"reinterpret_cast",
    b"const_cast", b"dynamic_cast", b"_Generic", b"__attribute__", b"__declspec", b"case", b"else"})
_PARAMS = re.compile(rb"[A-Za-z_]\w*")


def macro_calls(index: int, node, source: bytes) -> list[CallRow]:
    """Call rows for the calls in the body of the function-like macro `node` (symbol `index`)."""
    if node.type != "preproc_function_def":
        return []
    body = node.child_by_field_name("value")
    params = node.child_by_field_name("parameters")
    if body is None:
        return []
    skip = _NOT_CALLS | set(_PARAMS.findall(source[params.start_byte:params.end_byte])) if params else _NOT_CALLS
    text = source[body.start_byte:body.end_byte]
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
