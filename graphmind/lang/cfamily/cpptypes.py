"""What C++ wrappers hold, for typed receivers: `std::unique_ptr<T>`, `std::shared_ptr<T>`, `T*`,
`T&`, `std::optional<T>` reach T's members; `std::make_unique<T>(…)` / `make_shared<T>(…)` make a T,
`*p`, `&x` and `std::move(x)` are what they point at (graphmind/lang/flow/typeflow.py reads the rest)."""
from __future__ import annotations

import re

from graphmind.lang.cfamily import containers
from graphmind.resolve.pyexpr import match_bracket

# class templates whose first argument is what a member call through them reaches
HOLDERS = frozenset({"unique_ptr", "shared_ptr", "weak_ptr", "optional", "reference_wrapper", "atomic",
                     "auto_ptr", "scoped_ptr", "intrusive_ptr", "not_null", "ComPtr", "RefPtr", "scoped_refptr"})
_HOLDER = re.compile(r"^\s*(?:const\s+)?(?:::)?(?:(?:std|boost|gsl|absl|base)\s*::\s*)?(?P<name>\w+)\s*<")
_MAKE = re.compile(r"^\s*(?:::)?(?:std\s*::\s*)?make_(?:unique|shared)\s*<")
_MOVE = re.compile(r"^\s*(?:::)?std\s*::\s*(?:move|ref|cref)\s*\(")


def _closing_angle(text: str, start: int) -> int:
    """The index of the `>` closing the `<` at `start`, or -1."""
    depth = 0
    for i in range(start, len(text)):
        depth += {"<": 1, ">": -1}.get(text[i], 0)
        if depth == 0:
            return i
    return -1


def _first_argument(text: str) -> str:
    """A template argument list's first argument: `Foo<A, B>, D` -> `Foo<A, B>` (`<>` nest, as brackets)."""
    depth = 0
    for i, ch in enumerate(text):
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            depth = max(0, depth - 1)
        elif ch == "," and depth == 0:
            return text[:i]
    return text


def holder(text: str) -> str | None:
    """The holder a written type is (`std::unique_ptr<T>` -> `unique_ptr`, `scoped_ptr<T>` -> `scoped_ptr`):
    its own members are what `x.get()` / `x.reset()` call, the held type's what `x->m()` calls."""
    m = _HOLDER.match(text)
    return m["name"] if m is not None and m["name"] in HOLDERS else None


def unwrap(text: str) -> str:
    """The type a member call through a written type reaches: `std::unique_ptr<a::T>` -> `a::T`."""
    for _ in range(4):                                   # `std::shared_ptr<std::optional<T>>`
        m = _HOLDER.match(text)
        if m is None or m["name"] not in HOLDERS:
            return text
        close = _closing_angle(text, m.end() - 1)
        if close < 0:
            return text
        text = _first_argument(text[m.end():close]).strip()
    return text


def rewrite(text: str) -> str:
    """Expression text in the shape the evaluator reads: `std::make_shared<T>(a)` -> `T(a)`,
    `*p` / `&x` -> `p` / `x`, `std::move(x)` -> `x`."""
    text = text.strip()
    m = _MAKE.match(text)
    if m is not None:
        close = _closing_angle(text, m.end() - 1)
        if close > 0:
            return text[m.end():close].strip() + text[close + 1:]
    m = _MOVE.match(text)
    if m is not None and match_bracket(text, m.end() - 1) == len(text) - 1:
        return text[m.end():-1].strip()
    return text.lstrip("*&").strip() if text[:1] in "*&" else text


def _arguments(text: str) -> list[str]:
    """A template argument list's arguments (`Foo<A, B>, D` -> [`Foo<A, B>`, `D`])."""
    out = []
    while text.strip():
        first = _first_argument(text)
        out.append(first.strip())
        text = text[len(first) + 1:]
    return out


def type_arguments(r, scope: int, text: str, cls: int | None) -> dict[str, str]:
    """`Vector<Cache>` of `template <typename T> class Vector`: {T: Cache} (the class's `typeparams` row,
    queries/cpp/flow.scm), through a holder (`scoped_ptr<Vector<Cache>>`); a standard container's element
    types (`std::vector<Term>`: lang/cfamily/containers.py)."""
    if cls is None:
        return containers.arguments(unwrap(text), _arguments)
    written = next((v for k, v in r.t.bindings.get(cls, {}).get("", ()) if k == "typeparams"), "") if cls is not None else ""
    text = unwrap(text)
    at = text.find("<")
    close = _closing_angle(text, at) if written and at > 0 else -1
    if close < 0:
        return {}
    names = [p.split("=", 1)[0].replace("...", " ").split()[-1] for p in _arguments(written.strip()[1:-1]) if p.split("=", 1)[0].split()]
    return dict(zip(names, _arguments(text[at + 1:close])))


def element(ev, scope: int, value):
    """What `x[i]` holds: what the class's `operator[]` returns (`Vector<Cache>`: a Cache), else, for an
    array or a pointer of a class without one, the class itself; a standard container's element."""
    held = containers.element(value)
    if held:
        return held
    members = ev.attr(value, "operator[]")
    return ev.call(members) if members else frozenset(a for a in value if a[0] == "inst")


def standard_alias(t, alias: int) -> bool:
    """Whether a symbol is a `typedef`/`using` alias of a type of the standard library (`std::…`)."""
    sym = t.syms[alias]
    if sym.kind != "type":
        return False
    written = next((v for k, v in t.bindings.get(alias, {}).get(sym.name, ()) if k == "annot"), None)
    return bool(written) and written.replace(" ", "").lstrip(":").startswith("std::")
