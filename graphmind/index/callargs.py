"""Argument rows of Python calls (`bindings` of kind `args`) for parameter <- argument flow, where a
parameter sits in its list, and tuple/starred unpacking (`a, *b = f, g, h`) read past one node; the
argument count (and, for TYPED_ARGUMENTS languages, the texts) of any call (`call_arguments`). The
order of a Python scope's bindings where it matters: graphmind/index/python/order.py.

A call's arguments are recorded as written, under "(NAME" for the name called, in the caller's scope
(a decorator applied is a call with the decorated definition as its argument). Only calls that can
give a workspace function's parameter a value are recorded: see `argument_rows`.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from graphmind.index.snippets import DOTTED, HEAD_BYTES, MAX_VALUE, folded, head_name, node_text
from graphmind.models import PARAMETER_CALLS, BindingRow

Enclosing = Callable[[int, bool], int]
_PREFIX = 256          # bytes read for the head of a name called
_HEAD = re.compile(r"[\w$]*")
_BODY_OWNERS = frozenset({"method_declaration", "constructor_declaration", "class_body", "program"})
MAX_ARGUMENT = 80           # an argument recorded as written (TYPED_ARGUMENTS, call_arguments), else `?`
_STRINGS = frozenset({"string_literal", "text_block"})    # Java's

# Argument nodes whose text the evaluator can never give a value (resolve/python/evaluator.py reads a call
# chain `a.b(x)[k]`, a bracketed collection, `await X` or a lambda's name: an operator, a literal or a
# comprehension is none of these; `*xs`, `**kw` are not read at all), so a call passing only such
# arguments informs no parameter.
_OPAQUE = frozenset({"string", "concatenated_string", "integer", "float", "true", "false", "none",
                     "unary_operator", "comment", "binary_operator", "boolean_operator", "comparison_operator",
                     "not_operator", "conditional_expression", "list_comprehension",
                     "dictionary_comprehension", "set_comprehension", "generator_expression", "list_splat",
                     "dictionary_splat"})


def argument_rows(source: bytes, sites: list, names: set[str] | None, called: set[tuple[int, int]],
                  enclosing: Enclosing, out: list[BindingRow]) -> None:
    """The argument rows of a file's call sites, as found by its tag query: (call or decorator node,
    @name, @receiver). `f(…)`, `a.f(…)`, `Box[T](…)` (Box's), `@dec` (the decorated definition
    passed). The span of every called `x.m` goes to `called` (it is not a member read).

    Only when the name called starts from one of `names` (what the file defines, imports or binds;
    None: anything, after a star import): any other head is a builtin or unknown, and the resolver
    looks nowhere else, so that call never reaches a workspace function's parameters. The head is
    read from the source bytes first, so a call that cannot qualify costs no node and no text."""
    for node, name, recv in sites:
        kind, ntype = node.type, name.type
        filed = None                             # where the name the row is filed under ends, when not at `end`
        if kind == "call" and ntype == "subscript":
            if recv is None or recv.type not in ("identifier", "attribute"):
                continue
            start, end = name.start_byte, name.end_byte
        elif kind in ("call", "decorator") and ntype != "call":
            start, end = (recv if recv is not None else name).start_byte, name.end_byte
            if recv is not None and kind == "call":
                called.add((start, end))
        elif kind in ("call", "decorator") and ntype == "call":     # `make(x)(y)`, `@factory(x)`: "(make()"
            inner = name.child_by_field_name("function")
            if inner is None or inner.type not in ("identifier", "attribute"):
                continue
            start, end, filed = name.start_byte, name.end_byte, inner.end_byte
        else:
            continue
        if names is not None and not _may_start(source, start, end, names):
            continue
        if kind == "call":
            value, anchor = node.child_by_field_name("arguments"), node
            if value is None or value.type != "argument_list":
                continue
        else:
            anchor = node.parent
            definition = anchor.child_by_field_name("definition") if anchor is not None else None
            value = definition.child_by_field_name("name") if definition is not None else None
            if value is None:
                continue
        _argument_row(source, start, end, value, anchor, names, enclosing, out, filed)


def alias_rows(out: list[BindingRow]) -> None:
    """A call through a name bound to another (`c = func; c(b)`): its argument row again under the
    name it stands for ("(func"), so the parameters of `func` see it (the resolver checks that the
    call reaches them); the alias is bound in the call's scope or at module level, to a plain name.
    A call through a parameter of its scope (`def run(cb): cb(x)`): its row again under "(" (PARAMETER_CALLS),
    as the function it reaches is known only once the parameter's value is (resolve/python/arguments.py)."""
    aliases: dict[tuple[int, str], set[str]] = {}
    params: set[tuple[int, str]] = set()
    for b in out:
        if b.kind == "assign" and DOTTED.match(b.value) and b.value.rsplit(".", 1)[-1] != b.name:
            aliases.setdefault((b.scope, b.name), set()).add(b.value.rsplit(".", 1)[-1])
        elif b.kind == "param" and b.name not in ("self", "cls"):
            params.add((b.scope, b.name))
    if not aliases and not params:
        return
    for b in [b for b in out if b.kind == "args"]:
        head = b.value.partition("\t")[0]
        if "." in head or "[" in head:
            continue
        for target in sorted(aliases.get((b.scope, head)) or aliases.get((0, head), ())):
            out.append(BindingRow(b.scope, "(" + target, "args", b.value, b.line))
        if (b.scope, head) in params and b.name == "(" + head:
            out.append(BindingRow(b.scope, PARAMETER_CALLS, "args", b.value, b.line))


def _may_start(source: bytes, start: int, end: int, names: set[str]) -> bool:
    """Whether the text at start may begin with one of names (an identifier longer than the prefix
    read is not decided here)."""
    stop = min(end, start + _PREFIX)
    ascii_head = HEAD_BYTES.match(source, start, stop)
    if ascii_head is not None and (ascii_head.end() == stop or source[ascii_head.end()] < 0x80):
        head = ascii_head.group(0).decode("ascii")      # what head_name would read, without decoding the prefix
    else:
        head = head_name(source[start:stop].decode("utf-8", "replace"))
    return head in names or (end - start > _PREFIX and len(head) > _PREFIX // 2)


def _argument_row(source: bytes, start: int, end: int, value, anchor, names: set[str] | None,
                  enclosing: Enclosing, out: list[BindingRow], filed: int | None = None) -> None:
    """One call's (or decorator's) arguments as written, under "(NAME" for the name called; when what
    is called is what a call returns (`make(x)(y)`, `@factory(x)`), under "(NAME()" for the function
    called first (`filed`: where its name ends): the closures it returns see them there
    (resolve/python/arguments.py), apart from the sites of NAME itself, which they would crowd."""
    if value.type == "argument_list":         # first, as it is cheaper than the callee's text
        args = [a for a in value.named_children if a.type != "comment"]
        if all(_opaque(a) for a in args):
            return                                # nothing a function or an instance could come from
    callee = folded(source, start, end, MAX_VALUE)[:MAX_VALUE]
    head = callee.partition("[")[0] if callee.endswith("]") else callee      # `Box[int](...)`: Box's
    if filed is not None:
        head = folded(source, start, filed, MAX_VALUE)[:MAX_VALUE]
    if not DOTTED.match(head) or names is not None and head_name(head) not in names:
        return
    if value.type == "argument_list":
        texts, size = [], 0
        for a in args:
            text = node_text(source, a)
            size += len(text) + 2
            if size > MAX_VALUE:
                break
            texts.append(text)
        text = ", ".join(texts)
    else:
        text = node_text(source, value)               # a decorated definition: its name
    out.append(BindingRow(enclosing(anchor.start_byte, True), "(" + head.rsplit(".", 1)[-1] + ("()" if filed else ""),
                          "args", f"{callee}\t{text}", anchor.start_point[0] + 1))


def _opaque(arg) -> bool:
    """Whether an argument (`k=v`: its value) is one the evaluator can give no value."""
    if arg.type == "keyword_argument":
        value = arg.child_by_field_name("value")
        return value is None or value.type in _OPAQUE
    return arg.type in _OPAQUE


def unpack(source: bytes, node, caps, enclosing: Enclosing, out: list[BindingRow], loop: bool = False) -> None:
    """`a, *b = f, g, h`: each target bound to its element (a starred one to a list of the rest), nested
    patterns too (`a, (b, c) = f, (g, h)`); `a, b = f()`: each to its element of the value (`f()[0]`);
    `for a, b in xs` (`loop`): each to its element of an element of xs (kind `loopitem`, `0\txs`)."""
    _unpack(source, caps["name"][0], caps["value"][0], enclosing(node.start_byte, True), node.start_point[0] + 1,
            out, loop)


def _sequence(node):
    """A literal sequence a value is (through parentheses), or None."""
    while node.type == "parenthesized_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    return node if node.type in ("expression_list", "tuple", "list") else None


def _unpack(source: bytes, pattern, value, scope: int, line: int, out: list[BindingRow], loop: bool = False) -> None:
    targets = pattern.named_children
    seq = None if loop else _sequence(value)
    if seq is None:                              # `a, b = f()`: its elements
        whole = node_text(source, value)
        for i, target in enumerate(targets):
            if target.type != "identifier":      # a starred target: the positions after it are not known
                break
            name = target.text.decode("utf-8", "replace")
            out.append(BindingRow(scope, name, "loopitem", f"{i}\t{whole}", line) if loop else
                       BindingRow(scope, name, "assign", f"{whole}[{i}]", line))
        return
    values = [v for v in seq.named_children if v.type != "comment"]
    if any(v.type in ("list_splat", "parenthesized_list_splat") for v in values):
        return
    stars = [i for i, t in enumerate(targets) if t.type == "list_splat_pattern"]
    if len(stars) > 1 or (not stars and len(targets) != len(values)) or len(targets) - len(stars) > len(values):
        return
    rest = len(values) - len(targets) + 1
    for i, target in enumerate(targets):
        if stars and i == stars[0]:
            text = "[" + ", ".join(node_text(source, v) for v in values[i:i + rest]) + "]"
            target = target.named_children[0] if target.named_child_count else target
        else:
            element = values[i + rest - 1 if stars and i > stars[0] else i]
            if target.type in ("tuple_pattern", "pattern_list", "list_pattern"):
                _unpack(source, target, element, scope, line, out)
                continue
            text = node_text(source, element)
        if target.type == "identifier":
            out.append(BindingRow(scope, target.text.decode("utf-8", "replace"), "assign", text, line))


def position(params, name) -> str:
    """Where a parameter sits: its index among the positional ones, `=` keyword-only, `*`, `**`."""
    child = name
    while child.parent is not None and child.parent != params:
        child = child.parent
    kinds = {child.type, *(c.type for c in child.named_children)}
    if "dictionary_splat_pattern" in kinds:
        return "**"
    if "list_splat_pattern" in kinds:
        return "*"
    index = 0
    for item in params.named_children:
        if item == child:
            break
        if item.type in ("list_splat_pattern", "keyword_separator") or (
                item.type == "typed_parameter" and item.named_children[0].type == "list_splat_pattern"):
            return "="
        if item.type not in ("positional_separator", "comment"):
            index += 1
    return str(index)


def call_arguments(call, texts: bool) -> tuple[int | None, str | None]:
    """The number of arguments written at a call (`f(a, b)` -> 2), None when it has no argument list;
    with `texts`, the arguments as written too, folded, tab-separated (one too long: `?`)."""
    args = call.child_by_field_name("arguments")
    if args is None:                          # Kotlin: call_suffix > value_arguments
        suffix = next((c for c in call.named_children if c.type == "call_suffix"), None)
        args = next((c for c in suffix.named_children if c.type == "value_arguments"), None) if suffix else None
    if args is None:
        args = _constructor_arguments(call)
    if args is None:
        return None, None
    nodes = [c for c in args.named_children if "comment" not in c.type]
    if not texts or not nodes:
        return len(nodes), None
    untyped = _lambda_names(call)
    return len(nodes), "\t".join(_argument(c, untyped) for c in nodes)


def _constructor_arguments(call):
    """C++ constructor calls written without a call expression: `: Base(a, b)` in a member-initializer
    list, `T x(a, b);` / `T x{a, b};` (the declaration's type is the call's node; `T x(name);`, which
    the grammar reads as a function's declaration, passes its one parameter)."""
    if call.type == "field_initializer":
        return next((c for c in call.named_children if c.type == "argument_list"), None)
    parent = call.parent
    if parent is None or parent.type != "declaration" or parent.child_by_field_name("type") != call:
        return None
    declarator = parent.child_by_field_name("declarator")
    if declarator is not None and declarator.type == "init_declarator":
        return declarator.child_by_field_name("value")
    return declarator.child_by_field_name("parameters") if declarator is not None and declarator.type == "function_declarator" else None


def _argument(node, untyped: set[str]) -> str:
    """An argument as written; `?` when too long or when it starts from a lambda's untyped parameter
    (the flow facts do not bind those: a field of the same name would be taken for it)."""
    text = _fold(node.text.decode("utf-8", "replace"), MAX_ARGUMENT) if node.end_byte - node.start_byte <= 4 * MAX_ARGUMENT else "…"
    if "…" in text:
        return '""' if _concatenation(node) else "?"
    return "?" if _HEAD.match(text)[0] in untyped else text


def _concatenation(node) -> bool:
    """Whether an argument is a string literal or a `+` over one (a String, however long: `""` stands for it)."""
    parts = [node]
    while parts:
        n = parts.pop()
        if n.type in _STRINGS:
            return True
        if n.type == "binary_expression" and n.child_by_field_name("operator") is not None \
                and n.child_by_field_name("operator").type == "+":
            parts += [c for c in (n.child_by_field_name("left"), n.child_by_field_name("right")) if c is not None]
        elif n.type == "parenthesized_expression":
            parts += n.named_children
    return False


def _lambda_names(node) -> set[str]:
    """The untyped parameters of the lambdas a node sits in (`x -> …`, `(a, b) -> …`)."""
    out: set[str] = set()
    while node is not None and node.type not in _BODY_OWNERS:
        if node.type == "lambda_expression":
            params = node.child_by_field_name("parameters")
            if params is not None and params.type in ("identifier", "inferred_parameters"):
                out.update(c.text.decode("utf-8", "replace") for c in (params.named_children or [params]) if c.type == "identifier")
        node = node.parent
    return out


def _fold(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
