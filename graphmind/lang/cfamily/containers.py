"""What the standard library's containers hold, for typed receivers (`for (auto& term : expr.terms())`,
`add.terms()[0].variable()`, `it->second->constant()`, `rowPair.first.type()`): a declared
`std::vector<Term>` carries its element as an `arg:std.elem` atom, a `std::map<Symbol, Row*>` its key and
mapped type (`arg:std.key`, `arg:std.mapped`), a vector of pairs the pair's two types; an element, an
iterator (`begin()`, `find()`: read as what it points at) and `front()` / `at()` give the element, and
a map's element is a pair whose `first` and `second` are read as fields (the flow evaluator's
OUTSIDE_MEMBERS, graphmind/lang/flow/hooks.py)."""
from __future__ import annotations

import re

from graphmind.lang.flow.hooks import EMPTY

SEQUENCES = frozenset({"vector", "list", "deque", "forward_list", "set", "multiset", "unordered_set",
                       "unordered_multiset", "array", "span", "initializer_list", "queue", "stack", "priority_queue"})
MAPS = frozenset({"map", "multimap", "unordered_map", "unordered_multimap"})
_STD = re.compile(r"^\s*(?:const\s+)?(?:::)?std\s*::\s*(?P<name>\w+)\s*<")
_PAIR = re.compile(r"^\s*(?:const\s+)?(?:::)?std\s*::\s*pair\s*<")
_ELEMENT = frozenset({"at", "front", "back", "top", "operator[]"})
_ITERATOR = frozenset({"begin", "end", "cbegin", "cend", "rbegin", "rend", "find", "lower_bound", "upper_bound", "data"})
ELEM, KEY, MAPPED, FIRST, SECOND = "std.elem", "std.key", "std.mapped", "std.first", "std.second"


def arguments(text: str, split) -> dict[str, str]:
    """The element types a written standard container type gives (`std::vector<Term>`: {std.elem: Term};
    `std::map<K, V>` and `std::vector<std::pair<K, V>>`: {std.key: K, std.mapped: V}, the second marking
    its element a pair; `{}` for any other type). `split(text)` is a template argument list's arguments."""
    m = _STD.match(text)
    if m is None or m["name"] not in SEQUENCES | MAPS:
        return {}
    close = text.rfind(">")
    args = split(text[m.end():close]) if close > m.end() else []
    if m["name"] in MAPS and len(args) >= 2:
        return {KEY: args[0], MAPPED: args[1]}
    if not args:
        return {}
    if _PAIR.match(args[0]):
        inner = args[0][args[0].index("<") + 1:args[0].rfind(">")]
        pair = split(inner)
        return {"std.pkey": pair[0], "std.pmapped": pair[1]} if len(pair) == 2 else {}
    return {ELEM: args[0]}


def _by(value) -> dict[str, set[int]]:
    by: dict[str, set[int]] = {}
    for k, x in value:
        if k.startswith("arg:std."):
            by.setdefault(k[4:], set()).add(x)
    return by


def element(value) -> frozenset:
    """What an element of a standard container value holds (`xs[i]`, `for (auto& x : xs)`): its element's
    instances, a map's or a vector of pairs' pair (EMPTY: no standard container)."""
    by = _by(value)
    if ELEM in by:
        return frozenset(("inst", x) for x in by[ELEM])
    keys, mapped = by.get(KEY, set()) | by.get("std.pkey", set()), by.get(MAPPED, set()) | by.get("std.pmapped", set())
    return frozenset({("arg:" + FIRST, x) for x in keys} | {("arg:" + SECOND, x) for x in mapped})


def outside_member(args, name: str) -> frozenset:
    """What a member of a standard container (or pair) value gives: `front()`, `at(i)`, a map's `at(k)`: the
    element (an `elem` atom, an instance once called); `begin()`, `find(k)`: the element (or pair) it points
    at; a pair's `first` / `second`: the instances of that type."""
    by = _by(args)
    if not by:
        return EMPTY
    if name in ("first", "second") and ("std." + name) in by:
        return frozenset(("inst", x) for x in by["std." + name])
    if ELEM in by and (name in _ELEMENT or name in _ITERATOR):
        return frozenset(("elem", x) for x in by[ELEM])
    if MAPPED in by and name in ("at", "operator[]"):
        return frozenset(("elem", x) for x in by[MAPPED])
    if name in _ITERATOR and (KEY in by or "std.pkey" in by):     # an iterator to a pair
        return frozenset(("gives:" + k, x) for k, x in element(args))
    return EMPTY
