"""Functions a C/C++ macro defines under a pasted name, at each use of the macro in its own file
(RapidJSON's `#define RAPIDJSON_STRING_(name, ...) static const ValueType& Get##name##String() {…}`,
used as `RAPIDJSON_STRING_(Null, 'n', 'u', 'l', 'l')` in a class body, defines `GetNullString`): a
symbol at the use's line, a method of the class the use sits in, else a function of its scope."""
from __future__ import annotations

import re

from graphmind.models import SymbolRow
from graphmind.resolve.pyexpr import match_bracket, split_top

# the body starts by defining a function whose name pastes a parameter in: `T& Get##name##String() {`
_DEFINES = re.compile(rb"\s*[\w\s:<>,&*]*?[\s&*](?P<name>\w+(?:\s*##\s*\w+)+)\s*\([^;{}]*\)[\w\s]*\{")
_CLASSES = frozenset({"class", "struct"})


def pasted_definitions(macros: list, source: bytes, symbols: list[SymbolRow], enclosing) -> None:
    """Append a symbol for each use, in this file, of a macro whose body defines a pasted name (a use
    belongs to the nearest definition of the macro above it: RapidJSON `#undef`s and redefines one)."""
    text, defined = source.decode("latin-1"), {}
    for d in macros:
        body, params = d.node.child_by_field_name("value"), d.node.child_by_field_name("parameters")
        made = _made(source[body.start_byte:body.end_byte].replace(b"\\\n", b" ").strip()) \
            if d.node.type == "preproc_function_def" and body is not None and params is not None else []
        if made:
            names = re.findall(r"[A-Za-z_]\w*", text[params.start_byte:params.end_byte])
            defined.setdefault(text[d.name.start_byte:d.name.end_byte], []).append((d.node, names, made))
    for macro, versions in defined.items():
        uses = re.compile(r"(?:\s*" + re.escape(macro) + r"\s*\([^()]*\))*\s*")
        for use in re.finditer(r"(?<![\w#])" + re.escape(macro) + r"\s*\(", text):
            before = [v for v in versions if v[0].end_byte <= use.start()]
            if not before or not uses.fullmatch(text, text.rfind("\n", 0, use.start()) + 1, use.start()):
                continue                            # the definition, or a use inside an expression
            node, names, made = max(before, key=lambda v: v[0].start_byte)
            close = match_bracket(text, use.end() - 1)
            given = dict(zip(names, split_top(text[use.end():close], ",") if close > 0 else []))
            for parts in made:              # `BROTLI_MIN_MAX(T)` defines brotli_min_ ## T and brotli_max_ ## T
                _define(symbols, enclosing, text, macro, use, close, "".join(given.get(p, p) for p in parts))


def _made(body: bytes) -> list[list[str]]:
    """The pasted names of the functions a macro's body defines, one after another, each as its parts."""
    out, at = [], 0
    while (m := _DEFINES.match(body, at)) is not None:
        out.append([p.strip().decode() for p in m["name"].split(b"##")])
        close = match_bracket(body.decode("latin-1"), m.end() - 1)
        if close < 0:
            break
        at = close + 1
    return out


def _define(symbols: list[SymbolRow], enclosing, text: str, macro: str, use, close: int, name: str) -> None:
    """The symbol of one function a use of the macro defines."""
    if name.isidentifier():
        at = enclosing(use.start(), False)      # in a class body the grammar reads a constructor
        misread = symbols[at].name == macro and symbols[at].start_byte == use.start()
        parent = symbols[at].parent if misread else enclosing(use.start(), True)
        kind = "method" if symbols[parent].kind in _CLASSES else "function"
        line = text.count("\n", 0, use.start()) + 1
        row = SymbolRow(f"{symbols[parent].qualname}.{name}", name, kind, line,
                        line + text.count("\n", use.start(), close), use.start(), close + 1, f"{name}()", parent)
        if misread:
            symbols[at] = row
        else:
            symbols.append(row)

