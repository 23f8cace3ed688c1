"""Name bindings and implicit calls of one file, from its flow query (queries/<lang>/flow.scm).

They let the resolver know what a name holds (`x = Cls()`, `c: Cls`, `self.db = Db()`, `return Cls()`),
which names are local (parameters and assignments shadow outer definitions), and which calls happen
without call syntax (operators, `a[k]`, `with`, functions passed to map/sorted/…).
"""
from __future__ import annotations

import re

from graphmind.index import argparams, callargs, parser
from graphmind.index.snippets import DOTTED, head_name
from graphmind.index.snippets import node_text as _text
from graphmind.index.callargs import Enclosing
from graphmind.index.variables import Capitalized, read_site, within
from graphmind.models import MEMBER_READ, BindingRow, CallRow

MAX_OPERATORS = 32      # operators read into one implicit call chain
_DUNDER = {
    "+": "__add__", "-": "__sub__", "*": "__mul__", "/": "__truediv__", "//": "__floordiv__", "%": "__mod__",
    "**": "__pow__", "@": "__matmul__", "&": "__and__", "|": "__or__", "^": "__xor__", "<<": "__lshift__",
    ">>": "__rshift__", "==": "__eq__", "!=": "__ne__", "<": "__lt__", "<=": "__le__", ">": "__gt__",
    ">=": "__ge__",
}
# Parameter-list node types (per grammar): their bindings belong to the function they precede.
_PARAMETER_LISTS = frozenset({"parameters", "lambda_parameters", "parameter_list", "formal_parameters",
                              "function_value_parameters", "class_parameters", "primary_constructor",
                              "parameter", "method_parameters"})   # Swift: parameters are children of the function itself
_PYTHON_PARAMETERS = frozenset({"parameters", "lambda_parameters"})   # positions recorded for argument flow
# Binding kinds that can tell the resolver what a name holds (others only make a name local).
TYPED_KINDS = frozenset({"assign", "annot", "with"})



def extract_flow(language: str, source: bytes, root, enclosing: Enclosing, known: set[str] = frozenset(),
                 readable: set[str] = frozenset(), own: set[str] = frozenset(),
                 annotations: list[tuple[int, int]] = (),
                 call_sites: list = ()) -> tuple[list[BindingRow], list[CallRow], bool]:
    """Bindings and implicit calls under root; `enclosing(pos, body_only)` maps a byte to a symbol index.

    `known`: names defined or imported in the file; an implicit call is kept only when its receiver
    starts from such a name, a typed binding, or `self` (otherwise its type cannot be known anyway).
    `readable`: names of the file's module/class-level variables and of names it imports from a
    module; a bare name read is kept only for them (a `read` edge if it reaches a variable), or, in a
    language whose package-level names are seen from every file of the package (Go), for every name
    no function of the file binds. Outside Python a member read through a capitalised head is kept
    too (`Config.MAX`, `Color.RED`: a class of the same package needs no import). `own`: the file's
    variables (read when called, too); `annotations`: sorted (start, end) bytes of type annotations,
    whose names are `reference` sites, not reads. `call_sites`: (call or decorator node, @name,
    @receiver) as the tag query found them; for Python their arguments are recorded (parameter <-
    argument flow) and a called `x.m` is not a member read.
    The flag says every fact was read (false: a chain nested too deep, see parser._run).
    """
    bindings: list[BindingRow] = []
    pending_implicit = []
    called: set[tuple[int, int]] = set()         # spans of the `x.m` that are the callee of a call
    found, complete = parser.flow_matches(language, root)
    nested: list[bool] = []                   # per binding: inside a branch, loop, try or comprehension
    for _, caps in found:
        for cap, nodes in caps.items():
            if cap.startswith("binding."):
                _binding(source, cap[8:], nodes[0], caps, enclosing, bindings)
                if language == "python":
                    nested.extend([_nested(nodes[0])] * (len(bindings) - len(nested)))
            elif cap.startswith("implicit."):
                pending_implicit.append((cap[9:], nodes[0], caps))
            elif cap == "called":
                called.add((nodes[0].start_byte, nodes[0].end_byte))
    typed = {b.name for b in bindings if b.kind in TYPED_KINDS} | {"self"} | set(known)
    if language == "python":
        names = None if "*" in known else known | {b.name for b in bindings}
        callargs.argument_rows(source, call_sites, names, called, enclosing, bindings)
        callargs.alias_rows(bindings)
        nested.extend([False] * (len(bindings) - len(nested)))
        shadowed_by_stars(source, root, bindings, nested)
        mark_order(bindings, nested)
    local = {b.name for b in bindings if b.scope != 0}
    calls: list[CallRow] = []
    for kind, node, caps in pending_implicit:
        if kind == "attribute" and (node.start_byte, node.end_byte) in called:
            continue                              # `x.m()`: a call site already
        if kind in ("read", "readcall"):
            calls.extend(read_site(language, kind, caps["name"][0], readable, own, local, annotations, enclosing))
            continue
        _implicit(source, kind, node, caps, typed if language == "python" else Capitalized(typed), enclosing, calls,
                  annotations)
    seen: set[tuple[int, str]] = set()            # a member read once per scope is enough
    kept = []
    for call in calls:
        if call.implicit == MEMBER_READ:
            if (call.caller, call.callee) in seen:
                continue
            seen.add((call.caller, call.callee))
        kept.append(call)
    return bindings, kept, complete


_BRANCHES = frozenset({"if_statement", "for_statement", "while_statement", "try_statement", "match_statement",
                       "conditional_expression", "boolean_operator", "list_comprehension", "set_comprehension",
                       "dictionary_comprehension", "generator_expression", "lambda"})
_SCOPES = frozenset({"function_definition", "class_definition", "module"})
IDENT = re.compile(r"[A-Za-z_]\w*")
_UNORDERED = frozenset({"global", "attr", "attrannot", "attritem"})     # not what the name holds in its scope


def _nested(node) -> bool:
    """Whether a binding may not run, or run again, when its scope's body runs: it sits in a branch,
    a loop, a `try` or a comprehension of that scope (a `for` binds its target only when it iterates)."""
    while node is not None and node.type not in _SCOPES:
        if node.type in _BRANCHES:
            return True
        node = node.parent
    return False


def mark_order(bindings: list[BindingRow], nested: list[bool]) -> None:
    """Set `flow` on the bindings of each scope where order matters: a name bound again at the top
    level of its scope's body after its first binding (`w = Csv(); w.write(); w = Json()`): 1 for a
    binding that replaces what the name held, 2 for one that may not (nested in a branch or loop,
    or computed from the name itself: `e = e.subs(x, 1)` keeps the union, as the evaluator types such
    a chain loosely). `nested`: per binding; argument and return rows only need their line."""
    keeps = [nested[i] or b.name in IDENT.findall(b.value) for i, b in enumerate(bindings)]
    named = [(i, b) for i, b in enumerate(bindings)
             if b.name and (b.name[0].isalpha() or b.name[0] == "_") and b.kind not in _UNORDERED]
    first: dict[tuple[int, str], int] = {}
    for _, b in named:
        key = (b.scope, b.name)
        first[key] = min(first.get(key, b.line), b.line)
    ordered = {b.scope for i, b in named if not keeps[i] and b.line > first[(b.scope, b.name)]}
    ordered |= {b.scope for b in bindings if b.kind == "star"}
    for i, b in enumerate(bindings):
        if b.scope in ordered:
            b.flow = 2 if keeps[i] else 1


def shadowed_by_stars(source: bytes, root, bindings: list[BindingRow], nested: list[bool]) -> None:
    """A module whose top-level star import follows definitions (`def render` … `from views import *`):
    a `star` row per star import (under "*", the module as written) and a `def` row per top-level
    definition before the last one, so the evaluator sees which binding of the name comes last."""
    stars = [(node.start_point[0] + 1, _text(source, node.child_by_field_name("module_name")))
             for node in root.named_children if node.type == "import_from_statement"
             and any(c.type == "wildcard_import" for c in node.named_children)]
    if not stars:
        return
    defined = len(bindings)
    for node in root.named_children:
        line = node.start_point[0] + 1
        if node.type == "decorated_definition":
            node = node.child_by_field_name("definition")
        if node is not None and node.type in ("function_definition", "class_definition") and line < stars[-1][0]:
            name = node.child_by_field_name("name")
            bindings.append(BindingRow(0, name.text.decode("utf-8", "replace"), "def", "", line))
            nested.append(False)
    for line, module in stars if len(bindings) > defined else ():
        bindings.append(BindingRow(0, "*", "star", module, line))
        nested.append(False)


def _binding(source: bytes, kind: str, node, caps, enclosing: Enclosing, out: list[BindingRow]) -> None:
    value = caps.get("value")
    value_text = _text(source, value[0]) if value else ""
    line = node.start_point[0] + 1
    if kind in ("return", "yield"):
        if kind == "yield" and node.text.startswith(b"yield from"):
            kind = "yieldfrom"
        out.append(BindingRow(enclosing(node.start_byte, True), "", kind, value_text, line))
        return
    if kind == "unpack":
        callargs.unpack(source, node, caps, enclosing, out)
        return
    if kind == "returns":
        out.append(BindingRow(enclosing(node.start_byte, False), "", "returns", value_text, line))
        return
    if kind in argparams.KINDS:
        argparams.positional_binding(source, kind, node, caps, enclosing, _text, out)
        return
    names = caps.get("name", [])
    if kind == "decorator":                      # under "@name": never looked up as a variable
        scope = enclosing(node.start_byte, True)
        for name in names:
            out.append(BindingRow(scope, "@" + name.text.decode("utf-8", "replace"), kind, value_text, line))
        return
    if kind == "item":                           # `d[k] = v`: under "[d", never a binding of d itself
        names = [f"[{n.text.decode('utf-8', 'replace')}" for n in names]
        for name in names:
            out.append(BindingRow(enclosing(node.start_byte, True), name, kind, value_text, line))
        return
    if kind in ("attr", "attrannot", "attritem"):
        obj = caps.get("object")            # none: a constructor parameter property (TypeScript)
        if obj and obj[0].text not in (b"self", b"cls", b"this"):
            return
    if node.type in _PARAMETER_LISTS:
        scope = enclosing(node.start_byte, False)
    else:
        scope = enclosing(node.start_byte, True)
    for name in names:
        text = name.text.decode("utf-8", "replace")
        if kind == "member":                     # `const { a, b: c } = obj`: c = obj.b
            key = caps.get("key")
            out.append(BindingRow(scope, text, "assign", f"{value_text}.{_text(source, key[0]) if key else text}", line))
            continue
        if kind == "param" and node.type in _PYTHON_PARAMETERS:
            value_text = callargs.position(node, name)
        out.append(BindingRow(scope, text.lstrip("@") if kind == "attr" else text, kind, value_text, line))


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


def _in_annotation(node) -> bool:
    """Whether a node is part of a type annotation (a parameter's, a return's or a variable's)."""
    while node is not None and node.type not in ("block", "module", "expression_statement"):
        if node.type == "type":
            return True
        node = node.parent
    return False


def _implicit(source: bytes, kind: str, node, caps, typed: set[str], enclosing: Enclosing,
              out: list[CallRow], annotations: list[tuple[int, int]] = ()) -> None:
    line, col = node.start_point[0] + 1, node.start_point[1]
    caller = enclosing(node.start_byte, True)
    if kind in ("callback", "raise"):             # `raise Cls` instantiates Cls: a call as written
        for value in caps.get("value", []):
            text = _text(source, value)
            if DOTTED.match(text):
                out.append(CallRow(caller, text, text.rsplit(".", 1)[-1], value.start_point[0] + 1,
                                   value.start_point[1], kind == "callback"))
        return
    obj = caps.get("object")
    if not obj:
        return
    if kind == "attribute":
        attr = caps.get("name")
        text = _text(source, obj[0])
        if attr and DOTTED.match(text) and head_name(text) in typed and not within(annotations, node.start_byte):
            name = attr[0].text.decode("utf-8", "replace")
            out.append(CallRow(caller, f"{text}.{name}", name, line, col, MEMBER_READ))
        return
    if kind == "with":
        value = obj[0]
        if value.type == "as_pattern" and value.named_child_count:
            value = value.named_children[0]
        text = _text(source, value)
        if head_name(text) in typed:
            for dunder in ("__enter__", "__exit__"):
                out.append(CallRow(caller, f"{text}.{dunder}", dunder, line, col, True))
        return
    text = _operand(source, obj[0])
    if head_name(text) not in typed:
        return
    if kind == "iterate":
        out.append(CallRow(caller, f"{text}.__iter__", "__iter__", line, col, True))
        return
    if kind == "subscript":
        if _in_annotation(node):
            return                                # `Mapping[str, int]`: a type, not a call
        parent = node.parent
        target = parent is not None and parent.type in ("assignment", "augmented_assignment") \
            and parent.child_by_field_name("left") == node
        if parent is not None and parent.type == "expression_list":
            parent = parent.parent
        deleted = parent is not None and parent.type == "delete_statement"
        dunder = "__setitem__" if target else "__delitem__" if deleted else "__getitem__"
    else:
        op = caps.get("op")
        dunder = _DUNDER.get(op[0].text.decode() if op else "", "")
        if not dunder:
            return
    out.append(CallRow(caller, f"{text}.{dunder}", dunder, line, col, True))
