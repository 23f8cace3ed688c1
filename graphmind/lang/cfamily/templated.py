"""Functions a C file defines under a name a macro makes (`static BROTLI_INLINE void
FN(HistogramClear)(HistogramType* self) {`: Brotli's histogram_inc.h, included several times, each
includer defining `FN(X)` to paste its suffix first): the grammar reads no name there, so each becomes a
symbol named as written, `FN(HistogramClear)`, with the calls in its body; the names each includer's FN
makes of it (HistogramClearLiteral, HistogramClearCommand) are given at resolution, where the includers
are known (`variants`)."""
from __future__ import annotations

import re

from graphmind.models import SymbolRow

# `FN(HistogramClear)(`: a file that may have some (the tree says which are definitions)
_CANDIDATE = re.compile(rb"\b[A-Za-z_]\w*\(\s*[A-Za-z_]\w*\s*\)\s*\(")
_CALLED = re.compile(rb"([A-Za-z_]\w*)\s*\(\s*([A-Za-z_]\w*)\s*\)\s*\(")
_WRITTEN = re.compile(r"^([A-Za-z_]\w*)\((\w+)\)$")
_DEFINE = re.compile(r"#\s*define\s+([A-Za-z_]\w*)(?:\(([^)]*)\))?\s*(.*)", re.S)
_WORD = re.compile(r"[A-Za-z_]\w*|##|\S")
_LINE = re.compile(r'^[ \t]*#[ \t]*(define|undef|include)\b[ \t]*((?:\\\r?\n|[^\n])*)', re.M)


def templated_definitions(root, source: bytes, symbols: list[SymbolRow], calls: list) -> None:
    """Append a symbol for each top-level function whose name a macro makes; the calls in its body
    (filed under the file so far) become its calls."""
    if root is None or _CANDIDATE.search(source) is None:
        return
    spans = []
    for node in root.children:
        decl = node.child_by_field_name("declarator") if node.type == "function_definition" else None
        while decl is not None and decl.type == "pointer_declarator":
            decl = decl.child_by_field_name("declarator")
        inner = decl.child_by_field_name("declarator") if decl is not None and decl.type == "function_declarator" else None
        if inner is None or inner.type != "function_declarator":
            continue
        macro, params = inner.child_by_field_name("declarator"), inner.child_by_field_name("parameters")
        written = source[macro.start_byte:params.end_byte].decode("latin-1") if macro is not None and params is not None else ""
        if macro.type != "identifier" or not _WRITTEN.match(written.replace(" ", "")):
            continue
        name = written.replace(" ", "")
        body = node.child_by_field_name("body")
        head = " ".join(source[node.start_byte:body.start_byte if body else node.end_byte].decode("latin-1").split())
        symbols.append(SymbolRow(f"{symbols[0].qualname}.{name}", name, "function", node.start_point[0] + 1,
                                 node.end_point[0] + 1, node.start_byte, node.end_byte, head[:240], 0))
        spans.append((node.start_point[0] + 1, node.end_point[0] + 1, len(symbols) - 1))
    namers = {symbols[i].name.split("(", 1)[0] for _, _, i in spans}    # and any macro by its capitals:
    namers |= {m.group(1).decode() for m in _CALLED.finditer(source) if m.group(1).isupper()}   # FN_A(X)()
    starts = [0, *(m.end() for m in re.finditer(rb"\n", source))] if spans else []
    for row in calls if spans else ():
        if row.caller == 0:
            row.caller = next((i for lo, hi, i in spans if lo <= row.line <= hi), 0)
        if row.name in namers and row.line <= len(starts):          # `FN(HistogramClear)(array + i)`
            at = starts[row.line - 1] + row.col
            m = _CALLED.match(source, at)
            if m is not None and m.group(1).decode() == row.name:
                row.callee = row.name = f"{row.name}({m.group(2).decode()})"


def variants(namer: str, defines: dict[str, str]) -> str | None:
    """What `FN(…)` makes of its argument under an includer's macros (name -> `#define` as written, the
    ones in force where it includes the template), the argument as \x01: `X ## Literal` pasted, nested
    macros expanded (`EXPAND_CAT(X, HASHER())`, `#define HASHER() H10`); None when FN is not defined."""
    return "".join(_expand(f"{namer}(\x01)", defines, 0)) if namer in defines else None


def _expand(text: str, defines: dict[str, str], depth: int) -> list[str]:
    tokens, out, at = _WORD.findall(text), [], 0
    while at < len(tokens):
        tok = tokens[at]
        d = _DEFINE.match(defines[tok]) if tok in defines and depth < 8 else None
        if d is None:
            out.append(tok)
            at += 1
            continue
        if d.group(2) is None:                       # object-like: its body
            out += _expand(d.group(3), defines, depth + 1)
            at += 1
            continue
        if at + 1 >= len(tokens) or tokens[at + 1] != "(":
            out.append(tok)
            at += 1
            continue
        args, level, cur, at = [], 0, [], at + 2
        while at < len(tokens) and not (tokens[at] == ")" and level == 0):
            level += {"(": 1, ")": -1}.get(tokens[at], 0)
            if tokens[at] == "," and level == 0:
                args.append(cur)
                cur = []
            else:
                cur.append(tokens[at])
            at += 1
        args.append(cur)
        at += 1
        params = [p.strip() for p in d.group(2).split(",") if p.strip()]
        given = dict(zip(params, args))
        body = _WORD.findall(d.group(3))
        pasted, i = [], 0
        while i < len(body):                          # parameters next to `##` are pasted unexpanded
            if body[i] == "##" and pasted and i + 1 < len(body):
                right = given.get(body[i + 1], [body[i + 1]])
                pasted[-1] = pasted[-1] + "".join(right)
                i += 2
                continue
            nxt = body[i + 1] if i + 1 < len(body) else None
            if body[i] in given:
                arg = given[body[i]]
                pasted.append("".join(arg) if nxt == "##" else "".join(_expand(" ".join(arg), defines, depth + 1)))
            else:
                pasted.append(body[i])
            i += 1
        out += _expand(" ".join(pasted), defines, depth + 1)
    return out


def register(units, t) -> None:
    """Give each templated definition the names its includers make of it: each file including a file
    that has some is read as written, its `#define`s and `#undef`s in order, and at each `#include` of
    that file the names are made under the macros then in force (`units.scoped`, by name)."""
    made, own = {}, {}
    for f in units.files:
        found = [s for s in t.file_syms.get(f, ()) if t.syms[s].kind == "function" and "(" in t.syms[s].name]
        if found:
            made[f] = found
    for g in sorted(units.files) if made and t.root is not None else ():
        targets = [f for f in units.includes.get(g, ()) if f in made]
        if not targets:
            continue
        try:
            text = (t.root / t.paths[g]).read_text("latin-1")
        except OSError:
            continue
        defines: dict[str, str] = {}
        for m in _LINE.finditer(text):
            word, rest = m.group(1), m.group(2).replace("\\\n", " ")
            name = re.match(r"[A-Za-z_]\w*", rest)
            if word == "define" and name:
                defines[name.group(0)] = "#define " + rest
            elif word == "undef" and name:
                defines.pop(name.group(0), None)
            elif word == "include":
                base = re.match(r'\s*["<]([^">]*)', rest)
                base = base.group(1).rsplit("/", 1)[-1] if base else ""
                patterns: dict[str, str | None] = {}
                for f in (f for f in targets if t.paths[f].rsplit("/", 1)[-1] == base):
                    for sid in made[f]:
                        namer, _, arg = t.syms[sid].name[:-1].partition("(")
                        if namer not in patterns:
                            patterns[namer] = variants(namer, defines)
                        name = patterns[namer].replace("\x01", arg) if patterns[namer] else ""
                        if name.isidentifier() and name != arg and sid not in units.scoped[name]:
                            units.scoped[name].append(sid)
                    if f not in own:
                        own[f] = _own_defines(t.root / t.paths[f])
                    units.made_under[f].append({**defines, **own[f]})     # FN_A defined in the template


def _own_defines(path) -> dict[str, str]:
    """The `#define`s a template makes of its own (hash_composite_inc.h's `#define FN_A(X) EXPAND_CAT(X, HASHER_A)`)."""
    try:
        text = path.read_text("latin-1")
    except OSError:
        return {}
    found = {}
    for m in _LINE.finditer(text):
        name = re.match(r"[A-Za-z_]\w*", m.group(2)) if m.group(1) == "define" else None
        if name:
            found[name.group(0)] = "#define " + m.group(2).replace("\\\n", " ")
    return found


def reached(units, t, fid: int, written: str) -> list[int]:
    """The definitions a call written `FN(StoreLookahead)` in a template reaches: the names each
    includer's macros make of it (`StoreLookaheadH2`, …), as the templates' definitions are named."""
    namer, _, arg = written[:-1].partition("(")
    found: list[int] = []
    for defines in units.made_under.get(fid, ()):
        pattern = variants(namer, defines)
        name = pattern.replace("\x01", arg) if pattern else ""
        found += [s for s in units.scoped.get(name, ()) if t.syms[s].kind == "function" and s not in found]
    return found
