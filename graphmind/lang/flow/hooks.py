"""What each language plugs into the flow evaluator (graphmind/lang/flow/typeflow.py), and the atoms a value is made of:
how a written path is found (PATH_FINDERS: JavaScript exports, C++ namespaces), which module variable an imported name is,
how an expression is rewritten into the syntax read there (C++ `make_unique`), the type arguments a declared type gives,
what a member of an outside generic gives (OUTSIDE_MEMBERS: lang/java.py, lang/cfamily/containers.py) and what an element of a container holds."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from graphmind.resolve.hooks import Answer, Resolving
from graphmind.resolve.tables import CLASS_KINDS

Atom = tuple[str, int]            # ('inst' | 'cls' | 'fn' | 'mod', symbol id)
Value = frozenset
EMPTY: Value = frozenset()
# language -> how it finds what a written path names, when resolve_path cannot (JS exports, C++ namespaces)
PATH_FINDERS: dict[str, Callable[[Resolving, int, str], Answer | None]] = {}
# language -> the module-level variable an imported name is, as (module scope, name) (JS exports)
VARIABLE_FINDERS: dict[str, Callable[[Resolving, int, str], tuple[int, str] | None]] = {}
EXPR_REWRITES: dict[str, Callable[[str], str]] = {}   # language -> text in the syntax read here (C++ make_unique)
# language -> the type arguments a declared type gives its parameters (`Repo<Item>`: {T: Item}), and what an outside generic's member gives (`List<Item>.get` -> ("elem", Item)): lang/java.py
TYPE_ARGUMENTS: dict[str, Callable[[Resolving, int, str, "int | None"], dict[str, str]]] = {}
# what a member of an outside generic gives, by its `arg:` atoms (each language's own parameter names): lang/java.py, cfamily/containers.py
OUTSIDE_MEMBERS: list[Callable[[Value, str], Value]] = []
ELEMENTS: dict[str, Callable[[Any, int, Value], Value]] = {}   # language -> what an element of a named container holds (given the FlowEval)
STATIC_TYPES = frozenset({"java"})     # a declared type is what the compiler binds calls by, whatever is assigned
ELEMENT_IS_VALUE = frozenset({"typescript", "tsx", "go", "java"})
ELEMENT_METHODS = frozenset({"shift", "pop", "at", "find", "findLast", "filter", "slice"})   # an array's element (or the array)
NOTHING = frozenset({"null", "undefined", "void", "never", "None", "nil"})   # union members that hold no object


def atom(r: Resolving, sid: int) -> Atom:
    kind = r.t.syms[sid].kind
    return ("cls", sid) if kind in CLASS_KINDS else ("mod", sid) if kind in ("module", "namespace") else ("fn", sid)
