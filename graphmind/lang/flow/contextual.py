"""TypeScript's typing rules read by the shared evaluator. Contextual typing: an untyped parameter of a function written as an argument takes the
type the callee declares for it — `operate((source, subscriber) => …)` with
`operate(init: (liftedSource: Observable<T>, subscriber: Subscriber<R>) => void)` makes `subscriber`
a `Subscriber`; `new Observable((subscriber) => …)` reads the constructor's parameter the same way.

The facts are `argparam` rows (the callee as written, the argument's and the parameter's positions)
and each definition's `params` row (its parameter names in order), from graphmind/index/argparams.py.
Type aliases: `type PartialObserver<T> = NextObserver<T> | ErrorObserver<T>` stands for its value
(`typealias` rows).
"""
from __future__ import annotations

import re

from graphmind.lang.typescript.generics import (alias_arguments, angle_end, args_of, call_type_args, call_type_parameters,
                                                has_members, split_type, type_parameter_bound, type_parameter_names, type_parameters, type_parts)
from graphmind.resolve.overloads import result_parameter
from graphmind.resolve.pyexpr import match_bracket, split_items

_ELEMENT_CALLBACKS = frozenset({"forEach", "map", "filter", "find", "findLast", "findIndex", "some", "every", "flatMap"})
_THIS_TYPE = re.compile(r"\bThisType<\s*([^<>]*(?:<[^<>]*>[^<>]*)*)>")
_MEMBER = re.compile(r"(?:^|(?<=[\s;,]))(?:readonly\s+)?([A-Za-z_$][\w$]*)\??\s*:")   # `readonly a?: T`
_TYPE_NAME = re.compile(r"^\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*(?:<.*>)?\s*$")


def function_type_param(text: str, pos: int) -> str | None:
    """The declared type of parameter `pos` (a `this:` parameter not counted) of a function type
    written as `(a: A, b: B) => R`, alone, parenthesized or in a union; None when not written so."""
    for part in _members(text.strip()):
        if not part.startswith("("):
            continue
        end = match_bracket(part, 0)
        if end < 0 or not part[end + 1:].lstrip().startswith(("=>", ":")):   # `(a: A) => R`, a call signature `(a: A): R`
            continue
        params = [p for p in split_type(part[1:end], ",") if p and p.partition(":")[0].strip() != "this"]
        if pos >= len(params) or params[pos].startswith("..."):
            return None
        _, colon, declared = params[pos].partition(":")
        return declared.strip() if colon else None
    return None


def _members(text: str) -> list[str]:
    """The members of a union type, parentheses around a member (or the whole) removed."""
    parts = split_type(text, "|")
    out = []
    for part in parts:
        while part.startswith("(") and match_bracket(part, 0) == len(part) - 1:
            part = part[1:-1].strip()
            if "|" in part and not part.startswith("("):
                break
        out.append(part)
    return out


def parameter_type(t, fn: int, pos: int) -> str | None:
    """The type written for a definition's parameter at a position (from its `params` row), or None."""
    rows = t.bindings.get(fn, {})
    names = next((v.split(",") for k, v in rows.get("", ()) if k == "params"), None)
    ok = names is not None and pos < len(names) and names[pos]
    return next((v for k, v in rows.get(names[pos], ()) if k == "annot"), None) if ok else None


def argument_value(ev, scope: int, value: str) -> frozenset:
    """What an `argparam` row gives its name: the instances of the type the callee (a function, a
    method, or a class built with `new`) declares for that parameter, a type parameter of the callee
    standing for the call's type argument (`make<ZodString>(…)`, or inferred from the declared type of
    the variable the call initializes); for `this` in a method of an object literal argument, the
    `ThisType<T>` the callee declares for it. Empty when not declared."""
    callee, arg, pos = value.rsplit("#", 2)
    callee, _, declared_var = callee.partition(" = ")
    callee, targs = call_type_args(callee)
    new = callee.startswith("new ")
    out: set = set()
    for kind, x in ev.expr(scope, callee[4:] if new else callee):
        if kind == "cls" and new:
            x = ev.r.member(x, "constructor")
        elif kind == "cls":         # `interface $constructor` beside `function $constructor`: the function
            x = next((d for d in ev.t.dup_quals.get(ev.t.syms[x].qualname, ()) if ev.t.syms[d].kind == "function"), None)
        elif kind != "fn":
            continue
        declared = parameter_type(ev.t, x, int(arg)) if x is not None else None
        if not declared:
            continue
        param = this_type(ev, x, declared) if pos == "this" else function_type_param(declared, int(pos))
        if not param:
            out |= this_parameter(ev, x, declared, ev.t.syms[scope].name) if pos == "this" else set()
            continue
        given = call_type_parameters(ev, x, targs, declared_var)
        out |= ev.declared_type(scope, given[param]) if param in given else ev.declared_type(x, param)
    owner, _, method = callee.rpartition(".")
    if not out and arg == pos == "0" and method in _ELEMENT_CALLBACKS and not new:   # `qs.forEach((q) => …)` on a
        out = {(k, x) for k, x in ev.expr(scope, owner)   # `Q[]`: a Q (an object type written in place too)
               if k == "lit" and not literal_member(ev, x, method) or k == "inst" and ev.r.member(x, method) is None}
        out |= {("inst", x) for k, x in ev.expr(scope, owner) if k in ("arg:V", "arg:E") and method == "forEach"}   # a Map's, a Set's
    return frozenset(out)


def inferred_result(ev, scope: int, value: frozenset, args: str) -> frozenset:
    """What a call returns where the callee's result is a type parameter a parameter is declared as
    (`compile<T>(schema: T): T`; Java's `<T extends FileVisitor> T visitFileTree(T visitor, Path dir)`):
    what that argument holds (`compile(loose)` is `loose`); else empty."""
    out: set = set()
    for kind, fn in value:
        rows = ev.t.bindings.get(fn, {}).get("", ()) if kind == "fn" else ()
        result = next((v.strip() for k, v in rows if k == "returns"), None)
        if result in ev.t.type_vars.get(fn, ()) and args:    # Java `<T extends V> T visit(T visitor, …)`
            at, items = result_parameter(ev.t, fn), split_items(args)
            out |= ev.expr(scope, items[at]) if at is not None and at < len(items) else frozenset()
            continue
        for pos, arg in enumerate(split_type(args, ",") if args and result in type_parameters(ev.r, fn) else ()):
            out |= ev.expr(scope, arg) if parameter_type(ev.t, fn, pos) == result and not arg.startswith("...") else frozenset()
    return frozenset(out)


def this_type(ev, fn: int, declared: str) -> str | None:
    """The type `this` has in a method of an object literal passed where `declared` is expected:
    X of a `ThisType<X>` written there or in the type alias it names (`ProtoOf<T>` = `{…} & ThisType<T>`)."""
    found = _THIS_TYPE.search(declared)
    if found:
        return found.group(1).strip()
    m = _TYPE_NAME.match(declared)
    res = ev.find(fn, m.group(1)) if m else None
    sid = res[1] if res is not None and isinstance(res[1], int) else None
    sym = ev.t.syms.get(sid) if sid is not None else None
    if sym is None or sym.kind != "type" or sym.parent is None:
        return None
    rows = ev.t.bindings.get(sym.parent, {}).get(sym.name, ())
    for kind, value in rows:
        found = value if kind == "thistype" else None    # a long alias's text is cut: its own row
        if found:
            args = dict(zip(type_parameter_names(rows), args_of(declared)))
            return args.get(found.strip(), found.strip())
    return None


def member_read(ev, value: frozenset, name: str, field_first: bool = False) -> frozenset:
    """What `value.name` read without a call holds: a getter (`get parent() { … }`) is what it returns."""
    got = ev.attr(value, name, field_first)
    if name not in ev.t.property_names:
        return got
    return frozenset().union(*(ev.returns(x) if k == "fn" and ev.r.is_property(x) else {(k, x)} for k, x in got))


def argument_atoms(ev, scope: int, given: dict[str, str]) -> set:
    """A declared type's arguments as `arg:P` atoms (`Map<string, Entry>`: ("arg:V", Entry)): a type, a type alias with members
    of its own, a type parameter's bound (`TRenderer extends WidgetRenderer`) or what a type alias stands for (`MatchStore`)."""
    out: set = set()
    for param, arg in given.items():
        hit = ev.resolve_type(ev.r, scope, arg) or own_alias(ev, scope, arg)
        limit = alias_value(ev, scope, arg) if hit is None else None
        out |= {("arg:" + param, hit)} if hit is not None else {("arg:" + param, x) for k, x in limit or () if k == "inst"}
    return out


def this_parameter(ev, fn: int, declared: str, member: str) -> frozenset:
    """`this` in method `member` of an object literal passed where `declared` is expected, when the declared
    type's member of that name is a function type with a `this:` parameter (Tiptap's `Extension.create({
    addProseMirrorPlugins() { this.editor… } })` with `addProseMirrorPlugins?: (this: { editor: Editor }) => …`)."""
    out: set = set()
    for kind, cls in ev.declared_type(fn, declared):
        hit = ev.r.member(cls, member) if kind == "inst" else None     # its `this:` is an `annot` row in its scope
        for k, text in ev.t.bindings.get(hit, {}).get("this", ()) if hit is not None else ():
            out |= ev.declared_type(hit, text) if k == "annot" else set()
    return frozenset(out)


def alias_value(ev, scope: int, text: str) -> frozenset:
    """The instances a type alias named by `text` stands for (its value read as a declared type), or
    an object type written in place (`options: { readonly differ: Differ<V, P> }`): a ("lit", n) atom
    whose members `literal_member` reads."""
    if text.startswith("{"):
        return written_object(ev, scope, text)
    bound = type_parameter_bound(ev, scope, text.strip())
    if bound is not None:
        return bound
    sid, values = _alias(ev, scope, text)
    if sid is None:
        return frozenset()
    sym = ev.t.syms[sid]
    called = any(k == "returns" for k, _ in ev.t.bindings.get(sid, {}).get("", ()))   # `type F = (x: T) => R`: called, an R
    own = frozenset({("inst", sid)}) if has_members(ev.t, sid) or called else frozenset()   # `type A = { make_(): R }`: A.make_
    given = alias_arguments(ev.t, sym, text)     # `PickAsRequired<RouterOptions<T>, 'a'>`: its TValue is RouterOptions<T>
    return own | ev.guarded(("alias", sid, text if given else ""), lambda: frozenset().union(*(
        ev.declared_type(scope, given[p]) if p in given else ev.declared_type(sym.parent, p) for v in values for p in (type_parts(v) if given else [v]))))


def own_alias(ev, scope: int, text: str) -> int | None:
    """The type alias `text` names when it has members of its own (`type Entry = { unsubscribe: () => void }`),
    as a type argument stands for it (`Map<string, Entry>`)."""
    sid = _alias(ev, scope, text)[0]
    return sid if sid is not None and has_members(ev.t, sid) else None

def _alias(ev, scope: int, text: str, called: bool = False) -> tuple[int | None, list[str]]:
    """The type alias a type written from a scope names, and its values as written (`typealias` rows); `called`: an
    interface with a call signature too (`interface FilterFn<T> { (row: Row<T>, id: string): boolean }`), its signature."""
    m = _TYPE_NAME.match(text)
    res = ev.find(scope, m.group(1)) if m else None
    sid = res[1] if res is not None and isinstance(res[1], int) else None
    sym = ev.t.syms.get(sid) if sid is not None else None
    if sym is None or sym.kind not in (("type", "interface") if called else ("type",)) or sym.parent is None:
        return None, []
    return sid, [v for k, v in ev.t.bindings.get(sym.parent, {}).get(sym.name, ()) if k == ("typealias" if sym.kind == "type" else "callsignature")]


def typed_parameter(ev, scope: int, value: str) -> frozenset:
    """What an untyped parameter of an arrow is, where a typed declarator holds the arrow or a function
    returns it in place (`typedparam` rows: position, then the type written there): the parameter of that
    function type, through aliases with their type arguments given (`const fn: $Parse = (schema) => …`,
    `type $Parse = <T extends $ZodType>(schema: T) => …`: a $ZodType; `(): OperatorFunction<A, E, B, E>`
    with `OperatorFunction<I, IE, O, OE> = UnaryFunction<Observable<I, IE>, …>` and
    `UnaryFunction<S, R> = (source: S) => R`: an Observable)."""
    pos, _, text = value.partition("#")
    member, _, pos = pos.rpartition(":")
    if member:                                     # a method of an object literal: that member of the declared type
        return frozenset().union(*(_member_parameter(ev, x, member, int(pos)) if k == "inst" else literal_member(
            ev, x, member, int(pos)) for k, x in ev.declared_type(scope, text) if k in ("inst", "lit")))   # `): { m: (h: H) => R }`
    given: dict[str, str] = {}
    at = scope
    for _ in range(4):
        text = text.strip()
        if text.startswith("<"):                   # a generic function type: its type parameters stand for their bounds
            end = angle_end(text, 0)
            for param in split_type(text[1:end], ","):
                name, _, bound = param.partition(" extends ")
                given[name.strip()] = given.get(bound.split("=")[0].strip(), bound.split("=")[0].strip())
            text = text[end + 1:]
        param = function_type_param(text, int(pos))
        if param is not None:
            param = given.get(param.strip(), param)
            return ev.declared_type(at, param) or ev.declared_type(scope, param) if param else frozenset()
        sid, values = _alias(ev, at, text, True)
        if sid is None or len(values) != 1:
            return frozenset()
        sym = ev.t.syms[sid]
        names = type_parameter_names(ev.t.bindings.get(sym.parent, {}).get(sym.name, ())) or list(type_parameters(ev.r, sid))
        given = {n: given.get(a.strip(), a) for n, a in zip(names, args_of(text))}
        at, text = sym.parent, values[0]
    return frozenset()


def _member_parameter(ev, cls: int, member: str, pos: int) -> frozenset:
    """What parameter `pos` of a class's or interface's member is declared as (a method's, or a function-typed field's)."""
    hit = ev.r.member(cls, member)
    if hit is None:
        return frozenset()
    declared = parameter_type(ev.t, hit, pos)
    if declared is None:                           # `next: (value: T) => void`
        annot = next((v for k, v in ev.t.bindings.get(ev.t.syms[hit].parent, {}).get(member, ()) if k == "annot"), None)
        declared = function_type_param(annot, pos) if annot else None
    return ev.declared_type(hit, declared) if declared else frozenset()


def written_object(ev, scope: int, text: str, value: bool = False) -> frozenset:
    """An object type written in place, or (`value`) an object literal (`{ ..._schemas, iso: _iso }`):
    one ("lit", n) atom, whose members `literal_member` reads."""
    literals, seen = ev.r.state.setdefault("_ts_literals", ([], {}))
    key = (scope, text, value)
    if key not in seen:
        seen[key] = len(literals)
        literals.append(key)
    return frozenset({("lit", seen[key])})


def literal_member(ev, n: int, name: str, pos: int | None = None) -> frozenset:
    """What member `name` of an object type written in place holds (its declared type), or of an object
    literal (its value; else what the last spread that has it gives: `{ ...a, ...b }`; else the method the
    literal defines in place: `return { batch: (cb) => … }`, its text cut or the arrow not a value); `pos`:
    parameter `pos` of the function type a member of an object type is declared as."""
    scope, text, value = ev.r.state["_ts_literals"][0][n]
    if value and pos is not None:
        return frozenset()
    inner = text.strip()[1:-1] if text.rstrip().endswith("}") else text.strip()[1:]
    if value:
        items, hit = split_type(inner, ","), ev.t.children.get(scope, {}).get(name)
        one = hit is not None and ev.t.syms[hit].kind == "method" and ev.t.syms[hit].qualname not in ev.t.dup_quals
        in_place = frozenset({("fn", hit)}) if one else frozenset()     # two literals defining it: neither
        for item in items:
            key, colon, expr = item.partition(":")
            if key.strip() == name:
                return ev.expr(scope, expr if colon else name) or in_place
        for item in reversed(items):
            got = ev.expr(scope, f"{item[3:].strip()}.{name}") if item.startswith("...") else frozenset()
            if got:
                return got
        return in_place
    depth, level = 0, []
    for i, ch in enumerate(inner):
        level.append(depth)
        depth += ch in "([{<" or 0
        depth -= ch in ")]}" or ch == ">" and inner[i - 1:i] != "=" or 0
    starts = [m for m in _MEMBER.finditer(inner) if level[m.start(1)] == 0]
    for at, m in enumerate(starts):
        if m.group(1) == name:
            end = starts[at + 1].start(1) if at + 1 < len(starts) else len(inner)
            declared = re.sub(r"[;,\s]*(?:\breadonly)?\s*$", "", inner[m.end():end]).strip()
            return ev.declared_type(scope, declared) if declared and pos is None else frozenset(
                ev.declared_type(scope, param) if declared and (param := function_type_param(declared, pos)) else ())
    return frozenset()
