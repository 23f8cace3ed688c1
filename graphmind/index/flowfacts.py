"""Name bindings and implicit calls of one file, from its flow query (queries/<lang>/flow.scm).

They let the resolver know what a name holds (`x = Cls()`, `c: Cls`, `self.db = Db()`, `return Cls()`),
which names are local (parameters and assignments shadow outer definitions), and which calls happen
without call syntax (operators, `a[k]`, `with`, functions passed to map/sorted/…).
"""
from __future__ import annotations

import re
from collections.abc import Callable

from graphmind.index import parser
from graphmind.index.snippets import folded
from graphmind.models import MEMBER_READ, BindingRow, CallRow

MAX_VALUE = 200
MAX_OPERATORS = 32      # operators read into one implicit call chain
_SIMPLE = re.compile(r"^[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*$")
_HEAD = re.compile(r"[A-Za-z_]\w*")
_DUNDER = {
    "+": "__add__", "-": "__sub__", "*": "__mul__", "/": "__truediv__", "//": "__floordiv__", "%": "__mod__",
    "**": "__pow__", "@": "__matmul__", "&": "__and__", "|": "__or__", "^": "__xor__", "<<": "__lshift__",
    ">>": "__rshift__", "==": "__eq__", "!=": "__ne__", "<": "__lt__", "<=": "__le__", ">": "__gt__",
    ">=": "__ge__",
}
# Parameter-list node types (per grammar): their bindings belong to the function they precede.
_PARAMETER_LISTS = frozenset({"parameters", "lambda_parameters", "parameter_list", "formal_parameters",
                              "function_value_parameters", "class_parameters", "primary_constructor"})
# Binding kinds that can tell the resolver what a name holds (others only make a name local).
TYPED_KINDS = frozenset({"assign", "annot", "with"})

Enclosing = Callable[[int, bool], int]


def _text(source: bytes, node) -> str:
    """A node's text, folded and cut at MAX_VALUE characters (a long node is not read whole)."""
    return folded(source, node.start_byte, node.end_byte, MAX_VALUE)[:MAX_VALUE]


def extract_flow(language: str, source: bytes, root, enclosing: Enclosing,
                 known: set[str] = frozenset()) -> tuple[list[BindingRow], list[CallRow], bool]:
    """Bindings and implicit calls under root; `enclosing(pos, body_only)` maps a byte to a symbol index.

    `known`: names defined or imported in the file; an implicit call is kept only when its receiver
    starts from such a name, a typed binding, or `self` (otherwise its type cannot be known anyway).
    The flag says every fact was read (false: a chain nested too deep, see parser._run).
    """
    bindings: list[BindingRow] = []
    pending_implicit = []
    called: set[int] = set()                     # `x.m` nodes that are the callee of a call
    found, complete = parser.flow_matches(language, root)
    for _, caps in found:
        for cap, nodes in caps.items():
            if cap.startswith("binding."):
                _binding(source, cap[8:], nodes[0], caps, enclosing, bindings)
            elif cap.startswith("implicit."):
                pending_implicit.append((cap[9:], nodes[0], caps))
            elif cap == "called":
                called.add(nodes[0].id)
    typed = {b.name for b in bindings if b.kind in TYPED_KINDS} | {"self"} | set(known)
    calls: list[CallRow] = []
    for kind, node, caps in pending_implicit:
        if kind == "attribute" and node.id in called:
            continue                              # `x.m()`: a call site already
        _implicit(source, kind, node, caps, typed, enclosing, calls)
    seen: set[tuple[int, str]] = set()            # a member read once per scope is enough
    kept = []
    for call in calls:
        if call.implicit == MEMBER_READ:
            if (call.caller, call.callee) in seen:
                continue
            seen.add((call.caller, call.callee))
        kept.append(call)
    return bindings, kept, complete


def _binding(source: bytes, kind: str, node, caps, enclosing: Enclosing, out: list[BindingRow]) -> None:
    value = caps.get("value")
    value_text = _text(source, value[0]) if value else ""
    line = node.start_point[0] + 1
    if kind in ("return",):
        out.append(BindingRow(enclosing(node.start_byte, True), "", "return", value_text, line))
        return
    if kind == "returns":
        out.append(BindingRow(enclosing(node.start_byte, False), "", "returns", value_text, line))
        return
    names = caps.get("name", [])
    if kind == "decorator":                      # under "@name": never looked up as a variable
        scope = enclosing(node.start_byte, True)
        for name in names:
            out.append(BindingRow(scope, "@" + name.text.decode("utf-8", "replace"), kind, value_text, line))
        return
    if kind in ("attr", "attrannot"):
        obj = caps.get("object")
        if not obj or obj[0].text not in (b"self", b"cls"):
            return
    if kind in ("param", "annot") and node.type in _PARAMETER_LISTS:
        scope = enclosing(node.start_byte, False)
    else:
        scope = enclosing(node.start_byte, True)
    for name in names:
        out.append(BindingRow(scope, name.text.decode("utf-8", "replace"), kind, value_text, line))


def _operand(source: bytes, node) -> str:
    """An operand as a call chain: `(a + b) * k` -> `a.__add__(b).__mul__(k)`, so the evaluator can
    type it. Read down the left spine without recursion; a chain longer than MAX_OPERATORS is left
    as text (its type is not worth knowing, and a 1,000-operand concatenation must not blow the stack)."""
    links: list[str] = []
    while True:
        while node.type == "parenthesized_expression" and node.named_child_count == 1:
            node = node.named_children[0]
        if node.type != "binary_operator" or len(links) > MAX_OPERATORS:
            break
        op = node.child_by_field_name("operator")
        dunder = _DUNDER.get(op.text.decode() if op is not None else "")
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if not dunder or left is None:
            break
        links.append(f".{dunder}({_text(source, right) if right is not None else ''})")
        node = left
    if len(links) > MAX_OPERATORS:
        return ""
    return _text(source, node) + "".join(reversed(links))


def _head(text: str) -> str:
    return _HEAD.match(text).group(0) if _HEAD.match(text) else ""


def _implicit(source: bytes, kind: str, node, caps, typed: set[str], enclosing: Enclosing,
              out: list[CallRow]) -> None:
    line, col = node.start_point[0] + 1, node.start_point[1]
    caller = enclosing(node.start_byte, True)
    if kind == "callback":
        for value in caps.get("value", []):
            text = _text(source, value)
            if _SIMPLE.match(text):
                out.append(CallRow(caller, text, text.rsplit(".", 1)[-1], value.start_point[0] + 1,
                                   value.start_point[1], True))
        return
    obj = caps.get("object")
    if not obj:
        return
    if kind == "attribute":
        attr = caps.get("name")
        text = _text(source, obj[0])
        if attr and _SIMPLE.match(text) and _head(text) in typed:
            name = attr[0].text.decode("utf-8", "replace")
            out.append(CallRow(caller, f"{text}.{name}", name, line, col, MEMBER_READ))
        return
    if kind == "with":
        value = obj[0]
        if value.type == "as_pattern" and value.named_child_count:
            value = value.named_children[0]
        text = _text(source, value)
        if _head(text) in typed:
            for dunder in ("__enter__", "__exit__"):
                out.append(CallRow(caller, f"{text}.{dunder}", dunder, line, col, True))
        return
    text = _operand(source, obj[0])
    if _head(text) not in typed:
        return
    if kind == "subscript":
        parent = node.parent
        target = parent is not None and parent.type in ("assignment", "augmented_assignment") \
            and parent.child_by_field_name("left") == node
        dunder = "__setitem__" if target else "__getitem__"
    else:
        op = caps.get("op")
        dunder = _DUNDER.get(op[0].text.decode() if op else "", "")
        if not dunder:
            return
    out.append(CallRow(caller, f"{text}.{dunder}", dunder, line, col, True))
