"""C and C++: `#include` reaches headers (relative to the file, then the workspace, then any indexed
path ending the same way), a header's functions are defined in the source file of the same stem,
out-of-line `Class::method` definitions belong to their class.

A bare name a file does not define resolves through what the file can see: definitions in the files
it includes (transitively), and in the source files paired with those headers (`store.h` ↔
`store.c`/`store.cpp`) — so a call declared by a prototype in a header resolves to the definition
in the .c/.cpp. C++ names are looked up through the enclosing namespaces (`a::b::f` and `f` inside
`namespace a`), and a call inside a member function reaches the members of its class (implicit
`this`, inherited members through the base list). Anything else stays `possible`.
"""
from __future__ import annotations

from graphmind.lang import callsites, kit as langkit
from graphmind.lang.flow import scopevars
from graphmind.lang.cfamily import containers, cppargs, cpptypes, defaults, initializers, templated, typegeneric
from graphmind.lang.cfamily.units import Units
from graphmind.lang.flow.hooks import ELEMENTS, EXPR_REWRITES, OUTSIDE_MEMBERS, TYPE_ARGUMENTS
from graphmind.lang.flow.scopevars import classes
from graphmind.resolve.hooks import DEFINITIONS, LanguageHooks, Resolving, register
from graphmind.resolve.tables import CALLABLE_KINDS

DEFINED = "_c_defined"
MACROS = "_c_macros"
_MACRO_OR_FUNCTION = frozenset({"macro", "function"})      # one name, a macro in one branch, a function in another      # the out-of-line definitions in r.state[DEFINITIONS].values()


def prepare(r: Resolving) -> None:
    """Build the include graph and attach out-of-line C++ members to their classes."""
    if "_c_units" in r.state:
        return                                      # registered for c and cpp: prepared once
    units = Units(r)
    r.state["_c_units"] = units
    t = r.t
    templated.register(units, t)                    # HistogramClearLiteral: histogram_inc.h's FN(HistogramClear)
    # the macros some file of the project defines (the others come only from the command line)
    macros = {t.syms[s].name for f in units.files for s in t.file_syms.get(f, ()) if t.syms[s].kind == "macro"}
    taken = set().union(*(names for sid, names in t.default_off.items() if t.syms[sid].qualname in t.dup_quals)) - macros \
        if t.default_off else set()
    r.state[MACROS] = macros | defaults.defined_in(t.root, sorted(t.paths[f] for f in units.files), taken)
    paired: dict[int, int] = r.state.setdefault(DEFINITIONS, {})
    defined: set[int] = r.state.setdefault(DEFINED, set())     # paired.values(), for membership tests
    owners = {}
    for sid in sorted(s for f in units.files for s in t.file_syms.get(f, ()) if t.syms[s].kind in CALLABLE_KINDS):
        owner = langkit.owner_path(r, sid)
        if owner is not None:
            owners[sid] = owner
    for sid, owner in owners.items():
        found = units.lookup(t.syms[sid].parent, owner) if t.syms[sid].parent is not None else []
        cls = next((c for c in found if langkit.is_class(r, c)), None)
        if cls is None:
            continue
        _pair(r, sid, cls, paired, defined, owners)
        langkit.attach(r, sid, cls)
        t.rewrites.attr(t.syms[sid], "parent", cls)     # its body sees the class's members


def _pair(r: Resolving, definition: int, cls: int, paired: dict[int, int], defined: set[int],
          out_of_line: dict[int, str]) -> None:
    """The declaration in the class body an out-of-line definition `A::f` defines: same name, kind,
    parameter counts (overloads) and constness, the first one not yet paired (never another
    out-of-line definition: `a.h` and `a.cc` share their qualified names)."""
    t = r.t
    sym = t.syms[definition]
    qual = f"{t.syms[cls].qualname}.{sym.name}"
    first = t.by_qual.get(qual)
    const = definition in t.const_members
    fits = [decl for decl in t.dup_quals.get(qual) or ([first] if first is not None else [])
            if t.syms[decl].parent == cls and t.syms[decl].kind in CALLABLE_KINDS and decl not in paired
            and decl != definition and decl not in defined and decl not in out_of_line
            and _most(t, decl) == _most(t, definition) and (decl in t.const_members) == const]
    types = cppargs.written_types(t.param_types.get(definition))
    same = [decl for decl in fits if cppargs.written_types(t.param_types.get(decl)) == types]
    fits = [decl for decl in fits if t.params.get(decl) == t.params.get(definition)]
    for decl in (same or fits)[:1]:           # overloads of one count: the one of the same parameter types
        paired[decl] = definition
        defined.add(definition)
        if t.params.get(decl) != t.params.get(definition):    # the declaration's default arguments
            t.rewrites.set(t.params, definition, t.params[decl])


def _most(t, sid: int):
    params = t.params.get(sid)
    return params and params[1]


def find_type(r: Resolving, scope: int, path: str, depth: int = 0) -> int | None:
    """The class a (possibly `ns::`-qualified) type name reaches from a scope, through `typedef` and
    `using X = …` aliases."""
    units: Units = r.state["_c_units"]
    found = _member_type(r, scope, path) or units.lookup(scope, path.replace("::", ".")) \
        or units.declared_elsewhere(scope, path.replace("::", "."))
    cls = next((c for c in found if langkit.is_class(r, c)), None)
    alias = next((c for c in found if r.t.syms[c].kind == "type"), None) if cls is None and depth < 4 else None
    if alias is not None:
        sym = r.t.syms[alias]
        written = next((v for k, v in r.t.bindings.get(alias, {}).get(sym.name, ()) if k == "annot"), None)
        named = langkit.type_path(cpptypes.unwrap(written)) if written else None    # `OwnedReference<PyObject>`
        return find_type(r, sym.parent, named, depth + 1) if named and named != sym.name else None
    return cls


def _member_type(r: Resolving, scope: int, path: str) -> list[int]:
    """A type declared in the body of an enclosing class or one of its bases (`using CellMap =
    MapType<Symbol, double>;`, a nested `class Guard`, a member typedef), for a name written in the
    class or one of its members (`CellMap m_cells;`, `Guard g(…)`): `Outer::Inner` through it."""
    head, _, rest = path.partition("::")
    s = scope
    while s is not None and s in r.t.syms and r.t.syms[s].kind not in ("namespace", "module"):
        hit = r.member(s, head) if langkit.is_class(r, s) else None
        for part in rest.split("::") if hit is not None and rest else ():
            hit = r.member(hit, part) if langkit.is_class(r, hit) else None
        if hit is not None and (langkit.is_class(r, hit) or r.t.syms[hit].kind == "type"):
            return [hit]
        s = r.t.syms[s].parent
    return []


def visible(r: Resolving, scope: int, name: str):
    """A class member (implicit `this`), then a namespace-level name the file can see."""
    hit = callsites.implicit_member(r, scope, name)
    if hit is not None:
        return ("self", hit)
    units: Units = r.state["_c_units"]
    found = units.lookup(scope, name)
    if found:
        return ("local" if r.t.syms[found[0]].file == r.t.syms[scope].file else "import", found[0])
    hit = _macro_member(r, scope, name)
    if hit is not None:
        return ("local", hit)
    found = units.anywhere(scope, name)       # declared by a prototype in a header of another stem
    return ("import", found[0]) if len(found) == 1 else None


def _macro_member(r: Resolving, scope: int, name: str) -> int | None:
    """A name called in a C++ macro's body that no function the file sees defines: the member of the one
    class of the macro's own file defining it (RapidJSON's RAPIDJSON_PARSE_ERROR_NORETURN calls
    `SetParseError(…)`, a member of GenericReader beside it: the expansion runs in its members)."""
    t = r.t
    sym = t.syms[scope]
    if sym.kind != "macro" or t.lang.get(sym.file) != "cpp":
        return None
    hits = {h for c in t.file_syms.get(sym.file, ()) if langkit.is_class(r, c)
            for h in [t.children.get(c, {}).get(name)] if h is not None and t.syms[h].kind in CALLABLE_KINDS}
    return hits.pop() if len(hits) == 1 else None


def alternatives(r: Resolving, caller: int, name: str):
    """`possible` rows when a bare name reaches a function defined more than once in its file with the
    same parameters (C++: the same parameter types; other ones are overloads): definitions in exclusive
    `#if`/`#else` branches: the one the configuration keeps, where its file decides it
    (graphmind/lang/cfamily/conditions.py) or the default build does (no file of the project defines the
    names it hinges on: graphmind/lang/cfamily/defaults.py), else `possible`."""
    hit = r.lookup(caller, name)
    if hit is None or not isinstance(hit[1], int) or hit[1] not in r.t.syms:
        return None
    t, sym = r.t, r.t.syms[hit[1]]
    if hit[1] in t.backports:           # `#if PY_VERSION_HEX < …`: newer versions of the library ship it
        return [(hit[1], "possible", 2)]
    paired, defined = r.state.get(DEFINITIONS, {}), r.state.get(DEFINED, set())
    if (t.inactive or t.default_off) and (sym.qualname in t.dup_quals or hit[1] in t.inactive):
        namesakes = [d for d in t.dup_quals.get(sym.qualname, (hit[1],)) if t.syms[d].file == sym.file
                     and d not in paired and (t.syms[d].kind == sym.kind or {t.syms[d].kind, sym.kind} <= _MACRO_OR_FUNCTION)]
        kept = [d for d in namesakes if d not in t.inactive]
        if not kept:        # `#define fdopen _fdopen` under `#if defined(_WIN32)`: the library's function
            return [(None, "external", 0)]
        by_default = [d for d in kept if d not in t.default_off or t.default_off[d] & r.state[MACROS]]
        if not by_default and all(t.syms[d].kind == "macro" for d in kept):
            return [(None, "external", 0)]      # `#define snprintf _snprintf` under `#if defined(WIN32)`
        kept = by_default if len(by_default) == 1 else kept     # `-DBROTLI_ENCODER_EXIT_ON_OOM` not given
        if len(kept) == 1 and len(namesakes) > 1:       # the one namesake the configuration keeps
            return [(kept[0], _how(r, caller, kept[0]), 0)]
    if sym.kind not in CALLABLE_KINDS:
        return None
    same = [d for d in t.dup_quals.get(sym.qualname, ()) if t.syms[d].file == sym.file and d not in paired
            and d not in defined and t.syms[d].kind == sym.kind and t.params.get(d) == t.params.get(hit[1])
            and t.param_types.get(d) == t.param_types.get(hit[1])      # C++ overloads differ in types
            and (d in t.const_members) == (hit[1] in t.const_members)]    # or in `const`
    return [(d, "possible", len(same)) for d in same] if len(same) > 1 else None


def resolve_call(r: Resolving, caller: int, text: str, name: str):
    """`ns::f()`, `Class::f()`, `new T()`, `x.m()` / `p->m()` / `this->f.m()` on declared types; a
    bare name defined in exclusive `#if` branches stays `possible`."""
    if text == name and "(" in name:            # `FN(HistogramClear)(…)` in a template (cfamily/templated.py)
        pasted = typegeneric.expanded(r, caller, name, _how)      # `BROTLI_MIN(size_t)`
        if pasted is not None:
            return pasted
        hit = r.lookup(caller, name)
        if hit is not None and isinstance(hit[1], int):
            return [(hit[1], _how(r, caller, hit[1]), 0)]
        made = templated.reached(r.state["_c_units"], r.t, r.t.syms[caller].file, name)    # another family's
        return [(made[0], _how(r, caller, made[0]), 0)] if len(made) == 1 else \
            [(d, "possible", len(made)) for d in made] or None
    if text == name:
        member = initializers.member_constructor(r, caller, name, find_type, _construct)
        return member if member is not None else alternatives(r, caller, name) or _built(r, caller, name)
    on_holder = _on_holder(r, caller, text, name) or _through_arrow(r, caller, text, name)
    if on_holder is not None:
        return on_holder
    if text.endswith(">") and name in ("make_unique", "make_shared"):      # `std::make_unique<T>`: T's constructor
        cls = find_type(r, caller, cpptypes.rewrite(text))
        made = langkit.constructors(r, cls, "") if cls is not None else [(None, "external", 0)]
        return [(c, _how(r, caller, c) if c is not None else how, n) for c, how, n in made]
    if "::" in text and not text.startswith("new "):
        text = langkit.strip_args(text).replace(" ", "").lstrip(":")
    if "::" in text and not text.startswith("new ") and "." not in text and "->" not in text:
        units: Units = r.state["_c_units"]
        container, _, last = text.rpartition("::")
        found = units.lookup(caller, text.replace("::", "."))
        if found:
            hit = found[0]
            if cpptypes.standard_alias(r.t, hit):       # `Json::String s(buffer)`
                return [(None, "external", 0)]
            return langkit.constructors(r, hit, _how(r, caller, hit)) if langkit.is_class(r, hit) \
                else [(hit, _how(r, caller, hit), 0)]
        owners = [c for c in units.lookup(caller, container.replace("::", ".")) if langkit.is_class(r, c)] \
            or [c for c in [find_type(r, caller, container)] if c is not None]      # a typedef's class
        if not owners and (container == "std" or container.startswith("std::")):
            return [(None, "external", 0)]
        rows = langkit.members(r, owners, last, "import")
        if rows:
            return [(hit, _how(r, caller, hit), 0) for hit, _, _ in rows]
    return callsites.resolve_chain(r, caller, text, name, super_names=(), new_calls=True)


def _on_holder(r: Resolving, caller: int, text: str, name: str):
    """`p.reset(…)`, `p.get()` on a local, parameter or field declared as a holder (`std::unique_ptr<T>`,
    a project's `scoped_ptr<T>`; `q->p.get()`, a field of another object): the holder's member (the library's, or the project class's), not
    T's, which `p->m()` reaches."""
    var, dot, member = text.removeprefix("this->").rpartition(".")
    if not dot or member != name:
        return None
    owner, arrow, field = var.rpartition("->") if "->" in var else var.rpartition(".")
    if var.isidentifier():
        written = [v for _, k, v in scopevars.bound(r, caller, var) or () if k in ("annot", "param")]
    elif arrow and field.isidentifier() and owner.replace("->", "").replace(".", "").isidentifier():
        ev = langkit.flow(r)              # `trie->trie_.swap(temp)`: the field's declared type
        written = [v for c in classes(ev.expr(caller, owner)) for _, v in ev.declared(c, field)]
    else:
        return None
    held = {cpptypes.holder(w) for w in written}
    if len(held) != 1 or None in held:
        return None
    cls = find_type(r, caller, held.pop())
    if cls is None:
        return [(None, "external", 0)]
    return langkit.members(r, [cls], name, "inferred") or None


def _through_arrow(r: Resolving, caller: int, text: str, name: str):
    """`g->m()` on a local, parameter or field declared as an object (not a pointer) of a project class
    with its own `operator->` (greenlet's `BorrowedGreenlet self;` … `self->active()`): a member of what
    that `operator->` gives; None otherwise (a pointer's `->` is the class's own member)."""
    var, arrow, member = text.removeprefix("this->").rpartition("->")
    if not arrow or member.strip() != name or not var.isidentifier():
        return None
    written = [v for _, k, v in scopevars.bound(r, caller, var) or () if k in ("annot", "param")]
    if not written or any("*" in w or w.strip() in langkit.UNTYPED for w in written):
        return None
    ev = langkit.flow(r)
    arrows = ev.attr(ev.expr(caller, var), "operator->")
    return langkit.members(r, classes(ev.call(arrows)), name, "inferred") or None if arrows else None


def _built(r: Resolving, caller: int, name: str):
    """`T(…)`, `T x(…)`: T's constructors where they are defined out of line (overloads picked by the
    arguments after), else T itself (an alias followed)."""
    hit = r.lookup(caller, name)
    if hit is None or not isinstance(hit[1], int) or hit[1] not in r.t.syms:
        return None
    if cpptypes.standard_alias(r.t, hit[1]):       # `String(p, n)`, `CharReaderPtr p(…)` of `using … = std::…`
        return [(None, "external", 0)]
    cls = hit[1] if langkit.is_class(r, hit[1]) else find_type(r, caller, name) if r.t.syms[hit[1]].kind == "type" else None
    rows = _construct(r, cls, hit[0]) if cls is not None else None
    return rows if rows and (rows[0][0] != cls or cls != hit[1]) else None


def _construct(r: Resolving, cls: int, how: str):
    """T's constructors where they are defined out of line, else T itself (the class names those written in it);
    a macro's use in the class body (`G_NO_COPIES_OF_CLS(Greenlet);`, read as a constructor) is none."""
    rows = [row for row in langkit.constructors(r, cls, how) if r.t.syms[row[0]].name == r.t.syms[cls].name] or [(cls, how, 0)]
    return rows if any(t in r.state.get(DEFINED, ()) for t, _, _ in rows) else [(cls, how, 0)]


def _how(r: Resolving, caller: int, target: int) -> str:
    return "local" if r.t.syms[caller].file == r.t.syms[target].file else "import"


langkit.TYPE_FINDERS.update(c=find_type, cpp=find_type)
langkit.TYPE_UNWRAP["cpp"] = cpptypes.unwrap
EXPR_REWRITES["cpp"] = cpptypes.rewrite
TYPE_ARGUMENTS["cpp"] = cpptypes.type_arguments
ELEMENTS["cpp"] = cpptypes.element
OUTSIDE_MEMBERS.append(containers.outside_member)
_HOOKS = dict(prepare=prepare, visible=visible, resolve_call=resolve_call)
register("c", LanguageHooks(**_HOOKS))
# a call binds one declaration (dispatch aside): one name typed two ways in two blocks of a function
# (`std::unique_ptr<CharReader> reader` and `Reader reader`) leaves its calls `possible`, not two edges
register("cpp", LanguageHooks(**_HOOKS, overloads=cppargs.fitting_overloads, one_target=True))
