"""Call sites as the typed languages write them: member chains on typed receivers, `super`, constructors,
names reached through enclosing scopes, implicit `this` and imports (built on graphmind/lang/kit.py)."""
from __future__ import annotations

import re

from graphmind.lang.flow.contextual import member_read
from graphmind.lang.kit import UNTYPED, constructors, flow, is_class, language, members, resolve_type, type_path
from graphmind.lang.flow.scopevars import FIELDS_APART_FROM_METHODS, bound, classes
from graphmind.lang.typescript.generics import ARRAY, ARRAY_METHODS
from graphmind.resolve.calltext import DOTTED, SEP, self_names
from graphmind.resolve.hooks import Resolving, Rows
from graphmind.resolve.tables import VARIABLE_KINDS

LAST_MEMBER = re.compile(r"(?:\?\.|!!?\.|->|::|\.)\s*(#?[A-Za-z_$][\w$]*)\s*$")   # `….name` at the end

def resolve_chain(r: Resolving, caller: int, text: str, name: str, *, super_names: tuple[str, ...] = ("super",),
                  new_calls: bool = True, class_calls_construct: bool = False) -> Rows | None:
    """Rows for a dotted call on a typed receiver (`x.m()`, `this.f.m()`, `super.m()`, `new T()`,
    `pkg.F()`, `T.m()`); None leaves the site to the generic rules (bare names, `this.m()`)."""
    lang = language(r, caller)
    if new_calls and text.startswith("new ") and "(" not in text:     # `new T().m()` is a chain: below
        cls = resolve_type(r, caller, text[4:])
        if cls is not None:
            return constructors(r, cls, _how(r, caller, cls))
        if type_is_external(r, caller, text[4:]):
            return [(None, "external", 0)]
        return r.possible(lang, name)
    if not DOTTED.match(text):
        return on_value(r, caller, text, name)
    parts = SEP.split(text.strip())
    if len(parts) == 1:
        if class_calls_construct:
            res = r.lookup(caller, parts[0])
            if res is not None and is_class(r, res[1] if isinstance(res[1], int) else None):
                return constructors(r, res[1], res[0])
        return None
    head, middle = parts[0], parts[1:-1]
    selves = self_names(lang)
    if head in super_names and not middle:
        cls = r.enclosing_class(caller)
        found = r.dispatch(cls, caller, name, True) if cls is not None else []
        return [(hit, "self", 0) for hit in found] if found else r.possible(lang, name)
    if head in selves and (not middle or head in ("Self", "static")):
        return None                              # the generic `this.m()` / `Self::f()` dispatch
    ev = flow(r)
    value = ev.variable(caller, head)
    if value is None:                            # not a variable: a package, module, type or namespace
        return _path_call(r, caller, parts, name, lang, class_calls_construct)
    how = "self" if head in selves else "inferred"
    if not typed(value) and head not in selves and entries_external(r, caller, head):
        return [(None, "external", 0)]          # declared as a type from outside the workspace
    return typed_member(r, caller, value, middle, name, how)


def on_value(r: Resolving, caller: int, text: str, name: str) -> Rows | None:
    """`f(x).m()`, `a.b().c()`, `(a || b).m()`, `xs[0].m()`: the member of what the receiver
    expression holds (the shared evaluator); None (the generic rules) when that is not known."""
    m = LAST_MEMBER.search(text)
    if m is None or m.group(1) != name:
        return None
    receiver = text[:m.start()].strip()
    if not receiver or receiver.count("(") != receiver.count(")"):
        return None
    value = flow(r).expr(caller, receiver)
    return typed_member(r, caller, value, [], name, "inferred") if typed(value) else None


_VARIABLE_PATH = re.compile(r"^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$")     # `Owner.VAR.m`, `pkg.Var.f.m`, `Var.m`


def variable_member(r: Resolving, caller: int, text: str, name: str) -> Rows | None:
    """`IOCase.SYSTEM.checkEquals(…)`, `Config.DEFAULT.m()`, Go's `extension.Table.Extend(m)` and
    `CommandLine.StringP(…)` (a variable another file of the package declares): a path through a static
    field, an enum constant or a package's variable, typed by what it holds (its declaration or
    initializer; an enum constant: its enum). None when no such variable is named."""
    if not _VARIABLE_PATH.match(text):
        return None
    parts, t = text.split("."), r.t
    for n in range(len(parts) - 2, -1, -1):         # the owner is parts[:n] (none: the caller's module), the variable parts[n]
        res = r.resolve_path(caller, ".".join(parts[:n])) if n else (None, t.file_module.get(t.syms[caller].file))
        owner = t.syms.get(res[1]) if res is not None and isinstance(res[1], int) else None
        var = t.syms.get(t.variable_quals.get(f"{owner.qualname}.{parts[n]}")) if owner else None
        if var is None or var.kind not in VARIABLE_KINDS or var.parent is None:
            continue
        value = flow(r).variable(var.parent, var.name) or (
            frozenset({("inst", var.parent)}) if t.syms[var.parent].kind == "enum" else None)
        return typed_member(r, caller, value, parts[n + 1:-1], name, "inferred") if value else None
    return None


def typed(value) -> bool:
    """Whether a value names something: more than the type arguments of an outside type (`List<Item>`)."""
    return any(kind[:4] != "arg:" for kind, _ in value)


def self_call(r: Resolving, caller: int, name: str) -> Rows:
    """`this.m()` written the language's way (`$this->m()`, `self:m()`): the class hierarchy."""
    cls = r.enclosing_class(caller)
    found = r.dispatch(cls, caller, name, False) if cls is not None else []
    return [(hit, "self", 0) for hit in found] or r.possible(language(r, caller), name)


def typed_member(r: Resolving, caller: int, value, middle: list[str], name: str, how: str) -> Rows:
    """Rows for `<value>.<middle…>.name()`: through fields, then the member found on each class."""
    ev, apart = flow(r), language(r, caller) in FIELDS_APART_FROM_METHODS
    for part in middle:
        if not value:
            break
        holders, value = classes(value), member_read(ev, value, part, apart)
        if not typed(value) and field_external(r, holders, part):
            return [(None, "external", 0)]         # `self.items.push()` on a `Vec<…>` field
    if ARRAY in value and name in ARRAY_METHODS:
        return [(None, "builtin", 0)]           # `this.content.slice()` on a `readonly Node[]`
    rows = members(r, classes(value), name, how)
    for kind, x in value:
        if kind in ("mod", "lit"):          # a module, an object literal (TypeScript: lang/flow/contextual.py)
            hit = ev.attr(frozenset({(kind, x)}), name)
            rows += [(sid, "import", 0) for k, sid in hit if k == "fn" and all(sid != t for t, _, _ in rows)]
    return rows or r.possible(language(r, caller), name)


def _path_call(r: Resolving, caller: int, parts: list[str], name: str, lang: str, class_calls_construct: bool) -> Rows:
    """`pkg.F()`, `Type.m()`, `ns::f()`: a call through a written path of definitions."""
    head = parts[0]
    res = r.resolve_path(caller, ".".join(parts))
    if res is not None and res[0] != "bound":
        target = res[1]
        if target is None:
            return [(None, res[0], 0)]
        how = "import" if res[0] == "local" and _how(r, caller, target) == "import" else res[0]
        if is_class(r, target):
            return constructors(r, target, how) if class_calls_construct else [(target, how, 0)]
        return [(target, how, 0)]
    head_res = r.lookup(caller, head)
    if head_res is not None and head_res[0] == "external":
        return [(None, "external", 0)]
    if head_res is None and head[:1].isupper() and not defines(r, lang, head):
        return [(None, "external", 0)]      # `System.out`, `Console`: a type from outside
    return r.possible(lang, name)


def defines(r: Resolving, lang: str, name: str) -> bool:
    """Whether any workspace definition of the language has this name."""
    names = r.state.get("_callsite_names")
    if names is None:
        names = r.state["_callsite_names"] = {(r.t.lang.get(s.file, ""), s.name) for s in r.t.syms.values()}
    return (lang, name) in names


def type_is_external(r: Resolving, scope: int, text: str) -> bool:
    """Whether a type annotation names something outside the workspace (an external import, a
    builtin type, or a name no workspace file of the language defines)."""
    path = type_path(text)
    if path is None:
        return False                  # an anonymous interface, a function type: anything may satisfy it
    head = SEP.split(path)[0]
    res = r.lookup(scope, head)
    if res is not None:
        return res[0] in ("external", "builtin")
    return not defines(r, language(r, scope), SEP.split(path)[-1])


def field_external(r: Resolving, classes: list[int], name: str) -> bool:
    """Whether a field of these classes is declared with a type from outside the workspace."""
    for cls in classes:
        annots = flow(r).declared(cls, name)
        if annots:
            return all(type_is_external(r, c, v) for c, v in annots)
    return False


def entries_external(r: Resolving, scope: int, name: str) -> bool:
    """Whether a variable is declared, and only declared, with types from outside the workspace."""
    entries = bound(r, scope, name) or []
    annots = [(w, v) for w, k, v in entries if k in ("annot", "param") and v.strip() not in UNTYPED]
    return bool(annots) and all(type_is_external(r, w, v) for w, v in annots)


def _how(r: Resolving, caller: int, target: int) -> str:
    return "local" if r.t.syms[caller].file == r.t.syms[target].file else "import"


def open_scopes(r: Resolving, scope: int, name: str, implicit_this: bool = True) -> tuple[str, int] | None:
    """A bare name as a member of the enclosing class (implicit `this`, inherited members and outer
    classes included), then through the star imports (`import a.*`, `using A;`, `use a::*`)."""
    t, s = r.t, scope
    if implicit_this:
        hit = implicit_member(r, scope, name)
        if hit is not None:
            return ("self", hit)
    while s is not None and s in t.syms:
        for star in t.stars.get(s, ()):
            hit = r.in_module(star, name, set())
            if hit is not None:
                return ("import", hit)
        s = t.syms[s].parent
    return None


def member_or_file_level(r: Resolving, scope: int, name: str, find, builtins: frozenset[str] = frozenset()):
    """A bare name as a member through implicit `this`/`self`, then what `find(file id, name)` gives
    (a definition another file makes visible without an import), then a builtin of the language."""
    hit = implicit_member(r, scope, name)
    if hit is not None:
        return ("self", hit)
    fid = r.t.syms[scope].file
    hit = find(fid, name)
    if hit is not None:
        return ("local" if r.t.syms[hit].file == fid else "import", hit)
    return ("builtin", None) if name in builtins else None


def implicit_member(r: Resolving, scope: int, name: str) -> int | None:
    """A member of the enclosing class (or an outer class) named by a bare name."""
    cls = r.enclosing_class(scope)
    while cls is not None:
        hit = r.member(cls, name)
        if hit is not None:
            return hit
        parent = r.t.syms[cls].parent
        cls = r.enclosing_class(parent) if parent is not None else None
    return None


def via_import(r: Resolving, module: str, symbol: str | None) -> tuple[str, int | str | None]:
    """An import rewritten to workspace names (see the language's prepare): a definition, a module
    or package, or external; 'bound' (a variable) reads as unresolved."""
    answer = r.via_import(module, symbol)
    return ("unresolved", None) if answer[0] == "bound" else answer
