"""X-macros in C (Brotli's hash.h: `#define FOR_ALL_HASHERS(H) FOR_GENERIC_HASHERS(H) H(10)`, and in a
`switch`, `#define SIZE_(N) case N: HashMemAllocInBytesH ## N(…); break;` then `FOR_ALL_HASHERS(SIZE_)`):
a use of a macro of the file given another function-like macro of the file is expanded with the
`#define`s in force there, and each function the expansion calls (`HashMemAllocInBytesH2`, …
`HashMemAllocInBytesH10`, pasted) gets a row at the use, as clang reports them: no row reaches the
argument's macro, so its body's calls are reached only so."""
from __future__ import annotations

import re

from graphmind.lang.cfamily.templated import _LINE, _expand

_NOT_CALLS = frozenset({"if", "while", "for", "switch", "return", "sizeof", "case", "do", "defined"})
from graphmind.models import CallRow

_IDENT = re.compile(r"[A-Za-z_]\w*$")
_FUNCTION_LIKE = re.compile(r"\s*([A-Za-z_]\w*)\(")
_ARG = re.compile(r"\(\s*([A-Za-z_]\w*)\s*\)")          # found first: a scan for names is slow
_BEFORE = re.compile(r"(?<![\w#])([A-Za-z_]\w*)\s*$")


def xmacro_rows(source: bytes, enclosing) -> list[CallRow]:
    """The rows of the pasted calls each X-macro use of the file expands to."""
    text = source.decode("latin-1")
    lines = list(_LINE.finditer(text))
    function_like = {m.group(1) for d in lines if d.group(1) == "define" and (m := _FUNCTION_LIKE.match(d.group(2)))}
    if len(function_like) < 2:
        return []
    rows, defines, at = [], {}, 0
    for arg in _ARG.finditer(text):
        use = _BEFORE.search(text, max(0, arg.start() - 80), arg.start()) if arg.group(1) in function_like else None
        if use is None or use.group(1) not in function_like or text[text.rfind("\n", 0, use.start()) + 1:use.start()].lstrip()[:1] == "#":
            continue                            # a `#define` using it
        while at < len(lines) and lines[at].start() < use.start():
            d, at = lines[at], at + 1
            name = re.match(r"[A-Za-z_]\w*", d.group(2))
            if name and d.group(1) == "define":
                defines[name.group(0)] = "#define " + d.group(2).replace("\\\n", " ")
            elif name and d.group(1) == "undef":
                defines.pop(name.group(0), None)
        if use.group(1) not in defines or arg.group(1) not in defines:
            continue
        tokens = _expand(text[use.start():arg.end()], defines, 0)
        made = {tok for tok, nxt in zip(tokens, tokens[1:]) if nxt == "(" and _IDENT.match(tok)
                and tok not in defines and tok not in _NOT_CALLS}
        start = text.rfind("\n", 0, use.start()) + 1
        line, caller = text.count("\n", 0, use.start()) + 1, enclosing(use.start(), True)
        rows += [CallRow(caller, name, name, line, use.start() - start) for name in sorted(made)]
    return rows
