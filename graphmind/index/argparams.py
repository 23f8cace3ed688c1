"""Parameters by position, for contextual typing (TypeScript): the parameter list of a definition
(`params`: its names in order) and each untyped parameter of a function written as an argument of a
call (`argparam`: the callee as written, which argument, which parameter), so the evaluator can give
`operate((source, subscriber) => …)`'s `subscriber` the type `operate` declares for it."""
from __future__ import annotations

from collections.abc import Callable

from graphmind.models import BindingRow

KINDS = frozenset({"params", "argparam", "thisannot", "typeparams", "baseargs", "typedparam"})
_SKIPPED = frozenset({"comment"})
_FUNCTIONS = frozenset({"arrow_function", "function_expression", "function"})


def _is_this(param) -> bool:
    pattern = param.child_by_field_name("pattern")
    return pattern is not None and pattern.type == "this"


def _positional(nodes) -> list:
    return [n for n in nodes if n.type not in _SKIPPED and not _is_this(n)]


def _literal_member(fn) -> str:
    """`name:` for a function written as a member of an object literal (`m(…) {…}`, `m: (…) => …`), else ''."""
    holder = fn if fn.type == "method_definition" else fn.parent
    if holder is None or holder.parent is None or holder.parent.type != "object" or holder.type not in ("method_definition", "pair"):
        return ""
    key = holder.child_by_field_name("name" if holder.type == "method_definition" else "key")
    return f"{key.text.decode('utf-8', 'replace')}:" if key is not None else ""


def positional_binding(source: bytes, kind: str, node, caps, enclosing: Callable[[int, bool], int],
                       text: Callable[[bytes, object], str], out: list[BindingRow]) -> None:
    """The row of a `params` or `argparam` match (see the module docstring)."""
    value = caps.get("value")
    if not value:
        return
    line = node.start_point[0] + 1
    if kind == "typeparams":                      # `<T extends X, D = Y>` of a function (under "") or a type alias
        names = caps.get("name", [])
        body = caps.get("body")                   # C++: `template <…>` precedes the class it belongs to
        scope = enclosing(node.start_byte, True) if names else enclosing((body or value)[0].start_byte, False)
        out.append(BindingRow(scope, names[0].text.decode("utf-8", "replace") if names else "", "typeparams",
                              text(source, value[0]), line))
        return
    if kind == "baseargs":                        # `extends ZodType<T, ZodObjectDef<T>>`: a base with its arguments
        out.append(BindingRow(enclosing(value[0].start_byte, False), "", "baseargs",
                              source[value[0].start_byte:(node if node.type == "extends_clause" else value[0]).end_byte]
                              .decode("utf-8", "replace"), line))
        return
    if kind == "thisannot":                       # `const P: T = { m() { this… } }`: `this` is a T in m
        for name in caps.get("name", []):
            out.append(BindingRow(enclosing(name.start_byte, False), "this", "annot", text(source, value[0]), line))
        return
    if kind == "typedparam":                      # `const fn: $Parse = (schema) => …`: position and the type written
        for name in caps.get("name", []):
            param = name.parent if name.parent.type != "arrow_function" else None
            at = _positional(param.parent.named_children).index(param) if param is not None else 0
            member = _literal_member(param.parent.parent if param is not None else name.parent)
            out.append(BindingRow(enclosing(name.start_byte, False), name.text.decode("utf-8", "replace"), "typedparam",
                                  f"{member}{at}#{text(source, value[0])}", line))
        return
    if kind == "params":
        params = value[0]
        names = []
        for param in _positional(params.named_children):
            pattern = param.child_by_field_name("pattern")
            names.append(pattern.text.decode("utf-8", "replace") if pattern is not None
                         and pattern.type == "identifier" else "")
        out.append(BindingRow(enclosing(params.start_byte, False), "", "params", ",".join(names), line))
        return
    args = node.child_by_field_name("arguments")
    callee = text(source, value[0]) + _type_arguments(source, node, text)
    if node.type == "new_expression":
        callee = "new " + callee
    for name in caps.get("name", []):
        fn, inner = name, None                    # the function written as an argument, its parameter
        while fn is not None and fn.parent is not None and fn.parent != args:
            inner, fn = fn, fn.parent
        if fn is not None and fn.parent == args and fn.type == "object" and inner is not None \
                and inner.type == "method_definition":    # `this` in a method of an object literal
            arg_at = _positional(args.named_children).index(fn)
            out.append(BindingRow(enclosing(name.start_byte, False), "this", "argparam", f"{callee}#{arg_at}#this", line))
            continue
        if fn is None or fn.parent != args or fn.type not in _FUNCTIONS:
            continue
        arg_at = _positional(args.named_children).index(fn)
        if inner is not None and inner.type == "formal_parameters":
            inner = name
            while inner.parent is not None and inner.parent.type != "formal_parameters":
                inner = inner.parent
            param_at = _positional(inner.parent.named_children).index(inner)
        else:
            param_at = 0                          # `x => …`: the only parameter
        out.append(BindingRow(enclosing(name.start_byte, False), name.text.decode("utf-8", "replace"),
                              "argparam", f"{callee}#{arg_at}#{param_at}", line))


def _type_arguments(source: bytes, call, text: Callable[[bytes, object], str]) -> str:
    """The call's type arguments as written (`make<ZodString>(…)`), else the declared type of the
    variable the call initializes (`const S: C<ZodString> = make(…)`), written after ` = `, from which
    the callee's declared result infers them; '' when neither."""
    targs = call.child_by_field_name("type_arguments")
    if targs is not None:
        return text(source, targs)
    parent = call.parent
    declared = parent.child_by_field_name("type") if parent is not None and parent.type == "variable_declarator" else None
    return f" = {text(source, declared).lstrip(':').strip()}" if declared is not None else ""
