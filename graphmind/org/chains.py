"""Values that flow from another repository through calls, written as keys both sides agree on without
seeing each other: a use names the path its receiver was built by (`blinker.Namespace().signal().send`
for `sig.send()` after `sig = _signals.signal("x")` and `_signals = Namespace()`, module-level
variables followed through this repository's imports), and the library publishes what such paths
stand for (`blinker.Namespace()` is a `blinker.base.Namespace`; `blinker.Namespace().signal()` is a
`blinker.base.NamedSignal`, read from the method's return annotation), so the walk matches them
(org/walk.py; the library's side: org/returns.py). A call of a path is written `path()` whether it builds
an instance or calls a function."""
from __future__ import annotations

import functools
import json
import re
import sys

import apsw

MAX_HOPS = 4                 # variables followed from a receiver to the outside name it was built from
MAX_VALUES = 8               # values of one local followed at most
SELF = ("self", "cls", "super()")
STDLIB = sys.stdlib_module_names
_NOT_NAMES = ('attr', 'attrannot', 'returns', 'return', 'args', 'item', 'decorator')   # rows binding no name
_PART = re.compile(r"^([A-Za-z_]\w*)(\(.*\))?$", re.S)
ANNOTATION = re.compile(r"^[\"']?([A-Za-z_][\w.]*)[\"']?(\s*\|\s*None)?$")


@functools.lru_cache(maxsize=1 << 16)      # one value's text is read again from every site it reaches
def called_parts(text: str) -> list[tuple[str, bool]] | None:
    """`a.b(x).c` -> [(a, False), (b, True), (c, False)]; None for anything else (subscripts, operators)."""
    if not any(ch in text for ch in "([{"):            # the common case: a plain dotted path
        names = text.split(".")
        return [(n.strip(), False) for n in names] if all(n.strip().isidentifier() for n in names) else None
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text + "."):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "." and depth == 0:
            match = _PART.match(text[start:i].strip())
            if not match:
                return None
            parts.append((match.group(1), match.group(2) is not None))
            start = i + 1
    return parts or None


class Chains:
    """Keys for receivers built from outside names (see the module's docstring)."""

    def __init__(self, conn: apsw.Connection, imports, callers: set[int]) -> None:
        """`callers`: the scopes receivers are read from; their bindings, their enclosing scopes' and
        every module's are loaded."""
        self.imports = imports
        self.values: dict[tuple[int, str], set[tuple[str, str]]] = {}    # (scope, name) -> (kind, value)s
        self.modules: dict[str, tuple[int, int]] = {}            # module qualname -> (file, module symbol)
        self.file_of: dict[int, int] = {}
        self.module_of: dict[int, str] = {}
        self.skip = not_outside(conn)
        for sid, qual, file_id in conn.execute("SELECT id, qualname, file_id FROM symbols WHERE kind = 'module'"):
            self.modules[qual] = (file_id, sid)
            self.module_of[file_id] = qual
            self.file_of[sid] = file_id
        scopes = set(self.file_of)
        for scope in callers:
            while scope is not None and scope not in scopes:
                scopes.add(scope)
                scope = imports.parent.get(scope)
        self.given: dict[tuple[int, str], list[tuple[int, int, str]]] = {}    # (scope, name) -> (line, flow, value)s
        for scope, name, kind, value, line, flow in conn.execute(
                "SELECT scope_id, name, kind, value, line, flow FROM bindings WHERE scope_id IN"
                " (SELECT value FROM json_each(?)) AND name != '' AND substr(name, 1, 1) NOT IN ('(', '@') AND kind NOT IN"
                f" {_NOT_NAMES} ORDER BY id", (json.dumps(sorted(scopes)),)):
            self.values.setdefault((scope, name), set()).add((kind, value))
            if kind in ("assign", "with"):
                self.given.setdefault((scope, name), []).append((line, flow, _entered(kind, value)))
        # this repository's functions, and what they return: a value built by calling one (`self.m(…)`, `f(…)`)
        self.functions = {(parent, name): (sid, file_id) for sid, parent, name, file_id in conn.execute(
            "SELECT id, parent_id, name, file_id FROM symbols WHERE kind IN ('function', 'method')")}
        self.bases = bases_here(conn)                  # a class's bases of this repository, in order
        self.classes = dict(conn.execute("SELECT qualname, id FROM symbols WHERE kind = 'class'"))
        self.returns: dict[int, list[tuple[str, str]]] = {}
        for scope, kind, value in conn.execute(
                "SELECT scope_id, kind, value FROM bindings WHERE kind IN ('returns', 'return') ORDER BY id"):
            self.returns.setdefault(scope, []).append((kind, value.strip()))

    def value(self, scope: int, name: str) -> tuple[int, str] | None:
        """The one value a name is assigned in the nearest scope that binds it: (scope, text); None when
        that scope binds it otherwise too (a parameter, a loop) or assigns it twice. `with X(…) as name`:
        what the context manager's `__enter__` returns (`X().__enter__()`)."""
        while scope is not None:
            found = self.values.get((scope, name))
            if found:
                kind, text = next(iter(found))
                return (scope, _entered(kind, text)) if len(found) == 1 and kind in ("assign", "with") else None
            scope = self.imports.parent.get(scope)
        return None

    def keys(self, file_id: int, scope: int, text: str, line: int, hops: int = MAX_HOPS) -> list[str]:
        """The outside paths a receiver's text may have been built by at `line`, when it has no one value
        (`key`): for a local assigned several values (on two branches, or again later: `res = make_response(res)`),
        each value's that may reach the line, as the resolver unions them (in order where order matters);
        through locals of one value to such a local too (`h = resp.headers`)."""
        head, dot, rest = text.strip().partition(".")
        if hops <= 0 or not head.isidentifier() or head in SELF:
            return []
        at = scope
        while at is not None and (at, head) not in self.values:
            at = self.imports.parent.get(at)
        given = self.given.get((at, head), [])
        if not given or len(given) > MAX_VALUES or any(k not in ("assign", "with") for k, _ in self.values[(at, head)]):
            return []                          # bound otherwise too (a parameter, a loop)
        if at == scope and len(given) > 1 and any(flow for _, flow, _ in given):
            before = [g for g in given if g[0] < line]
            last = max((g[0] for g in before if g[1] == 1), default=0)    # the last one at the body's top level
            given = [g for g in before if g[0] >= last]
        out, file_of = [], self.file_of.get(at, file_id)
        for at_line, _, value in given:         # one value: `key` followed it already
            one = self.key(file_of, at, value + dot + rest, hops - 1) if len(given) > 1 else None
            out += [one] if one else self.keys(file_of, at, value + dot + rest, at_line, hops - 1)
        return list(dict.fromkeys(out))

    def key(self, file_id: int, scope: int, text: str, hops: int = MAX_HOPS) -> str | None:
        """The outside path a value's text was built by, or None (built here, or not known)."""
        parts = called_parts(text.strip())
        if not parts or hops <= 0:
            return None
        (head, called), rest = parts[0], parts[1:]
        fn = self.method(self.class_of(file_id, scope, head), rest[0][0]) if rest and rest[0][1] else None
        if fn is not None:               # `self.m(…)`, `app.m(…)` with `app: App` here: what the class's method m returns
            base, called, rest = self.returned(fn, hops), False, rest[1:]
        elif called and (fn := self.function(file_id, scope, head)) is not None:    # `f(…)`, f defined here
            base, called = self.returned(fn, hops), False
        else:
            base = self._head(file_id, scope, head, hops)
        if base is None:
            return None
        out = base + ("()" if called else "")
        for name, call in rest:
            out += f".{name}" + ("()" if call else "")
        return out

    def hierarchy(self, cls: int | None) -> list[int | None]:
        return hierarchy(self.bases, cls)

    def method(self, cls: int | None, name: str) -> tuple[int, int] | None:
        """(id, file) of the method `name` of a class of this repository, or of its nearest base here that
        defines it (`self.get_headers()` in a subclass runs its base's)."""
        return next((self.functions[(c, name)] for c in self.hierarchy(cls) if (c, name) in self.functions), None)

    def function(self, file_id: int, scope: int, name: str) -> tuple[int, int] | None:
        """(id, file) of the function of this repository a name written in `scope` calls, if one."""
        at = scope
        while at is not None:
            if (at, name) in self.functions:
                return self.functions[(at, name)]
            if (at, name) in self.values:
                return None                                  # bound otherwise in a nearer scope
            at = self.imports.parent.get(at)
        imported = self.imports.key(file_id, scope, name)
        module, _, short = (imported or "").rpartition(".")
        return self.functions.get((self.modules[module][1], short)) if module in self.modules else None

    def returned(self, fn: tuple[int, int] | None, hops: int = MAX_HOPS) -> str | None:
        """The outside value a function of this repository returns: its return annotation naming an outside
        class (`Ext`), else its one `return` expression (`None` aside) read as a path (`Ext(…)`: `Ext()`)."""
        if fn is None or hops <= 1:
            return None
        sid, file_id = fn
        rows = self.returns.get(sid, ())
        annotated = [value for kind, value in rows if kind == "returns"]
        if annotated:
            match = ANNOTATION.match(annotated[0])
            key = self.imports.key(file_id, sid, match.group(1)) if match else None
            return key if key and key.rpartition(".")[0] not in self.modules and key not in self.modules else None
        values = {value for kind, value in rows if kind == "return" and value != "None"}
        return self.key(file_id, sid, values.pop(), hops - 1) if len(values) == 1 else None

    def class_of(self, file_id: int, scope: int, head: str) -> int | None:
        """This repository's class whose instance `head` is: `self`'s, or one it is annotated with, here or as
        a module-level variable it imports (flask's `current_app: Flask = LocalProxy(…)`)."""
        if head == "self":
            return self.imports.parent.get(scope)
        found = self.annotated(file_id, scope, head, here=True)
        module, _, name = (self.imports.key(file_id, scope, head) or "").rpartition(".")
        if found is None and module in self.modules:
            found = self.annotated(self.modules[module][0], self.modules[module][1], name, here=True)
        return self.classes.get(found or "")

    def annotated(self, file_id: int, scope: int, name: str, here: bool = False) -> str | None:
        """The outside class (`here`: this repository's) a name is annotated with in the nearest scope binding
        it (the annotation wins)."""
        while scope is not None:
            found = self.values.get((scope, name))
            if found:
                written = {value for kind, value in found if kind == "annot"}
                if len(written) != 1:
                    return None
                match = ANNOTATION.match(written.pop().strip())
                key = self.imports.key(file_id, scope, match.group(1)) if match else None
                if here and match and key is None:                  # a class of the module itself
                    key = f"{self.module_of.get(file_id)}.{match.group(1)}"
                return key if key and (key in self.classes if here else key.split(".", 1)[0] not in self.skip) else None
            scope = self.imports.parent.get(scope)
        return None

    def _head(self, file_id: int, scope: int, head: str, hops: int) -> str | None:
        imported = self.imports.key(file_id, scope, head)
        if imported is not None:
            module, _, name = imported.rpartition(".")
            if module in self.modules:
                where = self.modules.get(module)
                found = self.value(where[1], name) if where is not None else None
                # a module-level variable of this repository is followed; its other definitions are not outside
                return self.key(where[0], found[0], found[1], hops - 1) if found and found[0] == where[1] else None
            return imported
        found = self.value(scope, head)
        if found is None:             # `app: App` (a parameter, or a local annotated only): an instance, `pkg.App()`
            typed = self.annotated(file_id, scope, head)
            return typed + "()" if typed else None
        owner, value = found
        return self.key(self.file_of.get(owner, file_id), owner, value, hops - 1)   # a scope of this file


def _entered(kind: str, value: str) -> str:
    """The value a binding gives its name: `with X(…) as name` binds what `X().__enter__()` returns."""
    return value if kind != "with" else f"{value.strip()}.__enter__()"


def not_outside(conn: apsw.Connection) -> set[str]:
    """Top-level packages no other repository publishes: this repository's and the standard library's."""
    return STDLIB | {q.split(".", 1)[0] for q, in conn.execute("SELECT qualname FROM symbols WHERE kind = 'module'")}


def bases_here(conn: apsw.Connection) -> dict[int, list[int]]:
    """{class: its bases of this repository, in the order it lists them}."""
    out: dict[int, list[int]] = {}
    for cls, base in conn.execute("SELECT class_id, target_id FROM inherits WHERE target_id IS NOT NULL"
                                  " ORDER BY class_id, position, id"):
        out.setdefault(cls, []).append(base)
    return out


def hierarchy(bases: dict[int, list[int]], cls: int | None) -> list[int | None]:
    """A class and its bases of this repository, nearest first (breadth first, each once)."""
    order = [cls]
    for c in order:
        order += [b for b in bases.get(c, ()) if b not in order and len(order) < 64]
    return order


def chain_uses(chains: Chains, sites: list[tuple]) -> list[tuple]:
    """(caller, key, line, how, kind) for member calls `recv.m()` whose receiver is built from an outside
    name; `sites`: (file, caller, callee, line, kind) not linked otherwise, their callers' bindings in `chains`."""
    todo = []
    for file_id, caller, callee, line, kind in sites:
        receiver, dot, method = callee.rpartition(".")
        head = receiver.split(".", 1)[0]
        # `self.a`: receivers.py's; `self.m(…)`: what the method returns
        if dot and method.isidentifier() and (head not in SELF or head == "self" and "(" in receiver):
            todo.append((file_id, caller, receiver, method, line, kind))
    out, seen = [], {}
    for file_id, caller, receiver, method, line, kind in todo:
        one = seen.get((caller, receiver), "")
        if one == "":
            one = seen[(caller, receiver)] = chains.key(file_id, caller, receiver)
        keys = [one] if one else chains.keys(file_id, caller, receiver, line)
        out += [(caller, f"{key}.{method}", line, "receiver", kind) for key in keys]
    return out
