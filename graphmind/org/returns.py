"""What paths through a library's classes and functions stand for, published as aliases (the library's
side of org/chains.py): `N()` is an instance of the class N names, `N().f()` of the class f's return
annotation names (this repository's or another's: flask's `-> MapAdapter | None`), else of the class its
`return` expressions build, as the resolver reads them; `F()` the same for a module-level function F;
`N().a` the class of N's attribute `a` (its class body's annotation `a: X`, else every class `self.a = X(…)`
builds), N's bases here included (werkzeug's `Response().headers`: a `Headers`, annotated in its base)."""
from __future__ import annotations

import apsw

from graphmind.org.chains import ANNOTATION, SELF, bases_here, called_parts, hierarchy, not_outside

MAX_CLASSES = 8              # classes one attribute is given at most (`self.a = A(…)` here, `B(…)` there)


def return_aliases(conn: apsw.Connection, imports, aliases: list[tuple]) -> list[tuple]:
    """What paths through this repository's classes stand for: `N()` -> the class N names (N its
    qualified name or a name a package re-exports it under), `N().f()` -> the class method f's return
    annotation names, `F()` -> the class function F's does."""
    classes = {q: sid for sid, q in conn.execute("SELECT id, qualname FROM symbols WHERE kind = 'class'")}
    packages = {q for q, in conn.execute("SELECT s.qualname FROM symbols s JOIN files f ON f.id = s.file_id"
                                         " WHERE s.kind = 'module' AND f.path LIKE '%__init__.py'")}
    alias_of = dict(aliases)
    names: dict[str, set[str]] = {q: {q} for q in classes}
    funcs: dict[str, set[str]] = {}
    for key, target in aliases:
        if key.rpartition(".")[0] not in packages:
            continue                 # a module importing a name for its own use: not a name users write
        for _ in range(4):           # re-exported twice (`httpx.Client`: a star import of `_api`, which imports it)
            if target in classes or target not in alias_of:
                break
            target = alias_of[target]
        if target in classes and "(" not in key:
            names[target].add(key)
        else:
            funcs.setdefault(target, set()).add(key)
    out = [(f"{n}()", q) for q in sorted(classes) for n in sorted(names[q])]
    for qual, parent_kind, parent_qual, target in _returned_classes(conn, imports, classes, alias_of):
        if parent_kind == "class":
            out += [(f"{n}().{qual.rpartition('.')[2]}()", target) for n in sorted(names.get(parent_qual, ()))]
        elif parent_kind == "module":
            out += [(f"{n}()", target) for n in sorted({qual} | funcs.get(qual, set()))]
    return out + _attribute_aliases(conn, imports, classes, names, alias_of)


def _attribute_aliases(conn: apsw.Connection, imports, classes: dict[str, int], names: dict[str, set[str]],
                       alias_of: dict[str, str]) -> list[tuple]:
    """`N().a` -> each class attribute `a` of the class N names holds, its own or a base's here (the nearest
    class that gives it one): the annotation in a class body wins over the values methods assign."""
    annotated: dict[tuple[int, str], str] = {}
    assigned: dict[tuple[int, str], list[str]] = {}
    skip, module_of = not_outside(conn), {sid: q.rpartition(".")[0] for q, sid in classes.items()}
    for file_id, scope, cls, kind, name, value in conn.execute(
            "SELECT b.file_id, b.scope_id, CASE WHEN s.kind = 'class' THEN s.id ELSE s.parent_id END, b.kind, b.name,"
            " b.value FROM bindings b JOIN symbols s ON s.id = b.scope_id WHERE (s.kind = 'class' AND b.kind = 'annot')"
            " OR (s.kind = 'method' AND b.kind IN ('attr', 'attrannot')) ORDER BY b.id"):
        written = _class_written(kind, value.strip())
        if not written or cls not in module_of:
            continue
        target = imports.key(file_id, scope, written) or f"{module_of[cls]}.{written}"
        target = target if target in classes else alias_of.get(target, target)
        if target not in classes and target.split(".", 1)[0] in skip:
            continue                                     # not a class another repository publishes
        if kind == "attr":
            found = assigned.setdefault((cls, name), [])
            found += [target] if target not in found and len(found) < MAX_CLASSES else []
        else:
            annotated.setdefault((cls, name), target)
    given: dict[int, dict[str, list[str]]] = {}
    for (cls, name), targets in assigned.items():
        given.setdefault(cls, {})[name] = targets
    for (cls, name), target in annotated.items():
        given.setdefault(cls, {})[name] = [target]
    bases, out = bases_here(conn), []
    for qual, sid in sorted(classes.items()):
        seen: set[str] = set()
        for c in hierarchy(bases, sid):
            for name, targets in sorted(given.get(c, {}).items()):
                if name not in seen:
                    out += [(f"{n}().{name}", t) for n in sorted(names[qual]) for t in targets]
                seen.add(name)
    return out


def _class_written(kind: str, value: str) -> str | None:
    """The class name an attribute's annotation (`Headers`, `"Headers" | None`) or value (`Headers(h)`) writes."""
    if kind != "attr":
        match = ANNOTATION.match(value)
        return match.group(1) if match else None
    parts = called_parts(value) if value.endswith(")") else None
    return ".".join(n for n, _ in parts) if parts and parts[-1][1] and not any(c for _, c in parts[:-1]) else None


def _returned_classes(conn: apsw.Connection, imports, classes: dict[str, int], alias_of: dict[str, str]):
    """(function, its parent's kind, its parent, class) for the classes of this repository a function returns
    an instance of, as the resolver reads it: its return annotation, else every `return` that builds one
    (`return Pool(…)`, `return self`, `return cls(…)`, `return p` after `p = Pool(…)`)."""
    rows: dict[int, list] = {}
    for file_id, fn, qual, parent_kind, parent_qual, kind, value in conn.execute(
            "SELECT b.file_id, f.id, f.qualname, p.kind, p.qualname, b.kind, b.value FROM bindings b"
            " JOIN symbols f ON f.id = b.scope_id JOIN symbols p ON p.id = f.parent_id"
            " WHERE b.kind IN ('returns', 'return') ORDER BY b.id"):
        rows.setdefault(fn, []).append((file_id, qual, parent_kind, parent_qual, kind, value))
    local = _one_assign(conn)
    skip = not_outside(conn)

    def cls_of(file_id: int, fn: int, qual: str, parent_kind: str, written: str, annotated: bool = False) -> str | None:
        """The class of this repository `written` names; annotated, also another repository's (its key)."""
        module = qual.rsplit(".", 2 if parent_kind == "class" else 1)[0]
        target = f"{module}.{written}" if f"{module}.{written}" in classes else imports.key(file_id, fn, written)
        if annotated and target and target not in classes and target.split(".", 1)[0] not in skip:
            return target                                 # `-> MapAdapter | None`: werkzeug's, bound at query time
        target = target if target in classes else alias_of.get(target)
        return target if target in classes else None

    for fn, found in rows.items():
        file_id, qual, parent_kind, parent_qual = found[0][:4]
        annotated = [value for *_, kind, value in found if kind == "returns"]
        targets: list[str] = []
        for annotation in annotated[:1]:
            match = ANNOTATION.match(annotation.strip())
            targets = [cls_of(file_id, fn, qual, parent_kind, match.group(1), True)] if match else []
        for *_, kind, value in ([] if annotated else found):
            value = value.strip()
            if value.isidentifier() and value not in SELF:
                value = local.get((fn, value), "")           # `p = Pool(…)` … `return p`
            if parent_kind == "class" and (value == "self" or value.startswith("cls(")):
                targets.append(parent_qual)
                continue
            parts = called_parts(value) if value.endswith(")") else None      # `Pool(…)`, `pool.Pool(…)`
            if parts and parts[-1][1] and not any(called for _, called in parts[:-1]):
                targets.append(cls_of(file_id, fn, qual, parent_kind, ".".join(n for n, _ in parts)))
        for target in dict.fromkeys(t for t in targets if t):
            yield qual, parent_kind, parent_qual, target


def _one_assign(conn: apsw.Connection) -> dict[tuple[int, str], str]:
    """{(function, name): value} for names a function that returns something assigns exactly once."""
    seen: dict[tuple[int, str], list[str]] = {}
    for scope, name, value in conn.execute(
            "SELECT scope_id, name, value FROM bindings WHERE kind = 'assign' AND scope_id IN"
            " (SELECT scope_id FROM bindings WHERE kind = 'return')"):
        seen.setdefault((scope, name), []).append(value)
    return {k: v[0] for k, v in seen.items() if len(v) == 1}
