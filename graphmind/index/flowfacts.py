"""Name bindings and implicit calls of one file, from its flow query (queries/<lang>/flow.scm).

They let the resolver know what a name holds (`x = Cls()`, `c: Cls`, `self.db = Db()`, `return Cls()`),
which names are local (parameters and assignments shadow outer definitions), and which calls happen
without call syntax (operators, `a[k]`, `with`, functions passed to map/sorted/…).
"""
from __future__ import annotations


from graphmind.index import argparams, callargs, parser
from graphmind.index.python import narrowing, operators, order
from graphmind.index.typescript.destructured import MEMBER_KINDS, cast_declared, member_annotation, member_value
from graphmind.index.snippets import DOTTED, HEAD_BYTES, MAX_TYPE, MAX_VALUE, head_name, node_text as _text
from graphmind.index.callargs import Enclosing
from graphmind.index.variables import Capitalized, read_site, within
from graphmind.languages import PACKAGE_SCOPED
from graphmind.models import MEMBER_READ, BindingRow, CallRow

# Parameter-list node types (per grammar): their bindings belong to the function they precede.
_PARAMETER_LISTS = frozenset({"parameters", "lambda_parameters", "parameter_list", "formal_parameters",
                              "function_value_parameters", "class_parameters", "primary_constructor",
                              "parameter", "method_parameters",   # Swift: parameters are children of the function itself
                              "spread_parameter"})                 # Java: `String... names`
_PYTHON_PARAMETERS = frozenset({"parameters", "lambda_parameters"})   # positions recorded for argument flow
TYPED_KINDS = frozenset({"assign", "annot", "with"})   # binding kinds that can tell the resolver what a name holds
_TYPES = frozenset({"typealias", "callsignature", "annot", "attrannot"})  # kinds whose value is a type: kept to MAX_TYPE, its arguments whole



def extract_flow(language: str, source: bytes, root, enclosing: Enclosing, known: set[str] = frozenset(),
                 readable: set[str] = frozenset(), own: set[str] = frozenset(),
                 annotations: list[tuple[int, int]] = (),
                 call_sites: list = (), found=None) -> tuple[list[BindingRow], list[CallRow], bool]:
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
    `found`: the flow query's matches and whether they are all, when the caller has them
    (`parser.tag_and_flow_matches`). The flag says every fact was read (false: a chain nested too
    deep, see parser._run).
    """
    bindings: list[BindingRow] = []
    pending_implicit = []
    called: set[tuple[int, int]] = set()         # spans of the `x.m` that are the callee of a call
    found, complete = parser.flow_matches(language, root) if found is None else found
    roles = _ROLES
    places: list = []                         # per binding: the node that says whether it is nested (None: not)
    # Most bare names read are neither the file's variables nor names it imports (Django: 4 in 5 of
    # 340k): outside a package-scoped language the name alone says so, and such a read is dropped
    # here, before it costs a decoded text, a pending entry and read_site's work.
    wanted = None if language in PACKAGE_SCOPED else {
        "read": {n.encode("utf-8") for n in readable}, "readcall": {n.encode("utf-8") for n in own}}
    for _, caps in found:
        for cap, nodes in caps.items():
            role = roles.get(cap)
            if role is None:
                role = roles[cap] = _role(cap)
            if role[0] == "b":
                _binding(source, role[1], nodes[0], caps, enclosing, bindings)
                if language == "python":
                    places.extend([nodes[0]] * (len(bindings) - len(places)))
            elif role[0] == "i":
                if role[1] == "attribute" and language == "python":
                    _head_read(caps["object"][0], wanted, pending_implicit)
                if wanted is not None and role[1] in wanted:
                    text = caps["name"][0].text
                    if text not in wanted[role[1]] and text.isascii():    # other bytes: read_site decodes them
                        continue
                pending_implicit.append((role[1], nodes[0], caps))
            elif role[0] == "c":
                called.add((nodes[0].start_byte, nodes[0].end_byte))
    typed = {b.name for b in bindings if b.kind in TYPED_KINDS} | {"self"} | set(known)
    if language == "python":
        names = None if "*" in known else known | {b.name for b in bindings}
        callargs.argument_rows(source, call_sites, names, called, enclosing, bindings)
        callargs.alias_rows(bindings)
        places.extend([None] * (len(bindings) - len(places)))
        order.shadowed_by_stars(source, root, bindings, places)
        order.mark_order(bindings, places)
    order.redeclared(bindings, language)           # Java: a local declared again in a later block
    local = {b.name for b in bindings if b.scope != 0}
    calls: list[CallRow] = []
    heads = typed if language == "python" else Capitalized(typed)
    typed_at: dict[int, bool] = {}          # by where a member read's object starts: `a.b.c` and `a.b` share it
    for kind, node, caps in pending_implicit:
        if kind == "attribute":
            obj = caps.get("object")
            start = obj[0].start_byte if obj else -1
            typed_head = typed_at.get(start)
            if typed_head is None:
                typed_head = typed_at[start] = _typed_head(source, start, heads)
            if not typed_head or (node.start_byte, node.end_byte) in called:
                continue                          # untyped head, or `x.m()`: a call site already
        elif kind in ("read", "readcall"):
            calls.extend(read_site(language, kind, caps["name"][0], readable, own, local, annotations, enclosing))
            continue
        _implicit(source, kind, node, caps, heads, enclosing, calls, annotations)
    seen: set[tuple] = set()        # a member read once per scope is enough, once per line where order matters
    ordered = {b.scope for b in bindings if b.flow}
    kept = []
    for call in calls:
        if call.implicit == MEMBER_READ:
            key = (call.caller, call.callee, call.line if call.caller in ordered else 0)
            if key in seen:
                continue
            seen.add(key)
        kept.append(call)
    return bindings, kept, complete


def _head_read(head, wanted: dict, pending: list) -> None:
    """The read of the name a Python member read starts from (`settings` of `settings.DEBUG`), as a
    read match of its own would give it (queries/python/flow.scm), when wanted. `self` and `cls` are
    not left out: the pattern this replaces meant to (`#not-any-of?`), but py-tree-sitter 0.26 ignores
    that predicate, and they are wanted only where the file imports or defines them under that name
    (SymPy: `from .immutable import ImmutableDenseMatrix as cls`)."""
    if head.type != "identifier":
        return
    text = head.text
    if text not in wanted["read"] and text.isascii():
        return
    pending.append(("read", head, {"name": [head]}))


_ROLES: dict[str, tuple[str, str]] = {}         # capture name -> ("b"inding | "i"mplicit | "c"alled | "", kind)


# kinds under a marked name, never a binding of it: `d[k] = v` under "[d", `isinstance(x, C)` under "?x"
# (with where it narrows: python/narrowing.py), a parameter's default under "=x" (python/names.py),
# a C++ local's `const` under "~x" (resolve/sites.py)
_MARKED = {"item": "[", "narrow": "?", "default": "=", "qualifier": "~"}


def _role(cap: str) -> tuple[str, str]:
    if cap.startswith("binding."):
        return "b", cap[8:]
    if cap.startswith("implicit."):
        return "i", cap[9:]
    return ("c" if cap == "called" else ""), ""


def _binding(source: bytes, kind: str, node, caps, enclosing: Enclosing, out: list[BindingRow]) -> None:
    value_text, line = _text(source, caps["value"][0], MAX_TYPE if kind in _TYPES else MAX_VALUE) if caps.get("value") else "", node.start_point[0] + 1
    if cast_declared(kind, node, caps):
        return
    if kind == "local" and value_text and node.type == "augmented_assignment":   # `i += n`
        value_text = operators.augmented(caps["name"][0], operators.DUNDERS.get(caps["op"][0].text.decode()[:-1], ""), value_text)
    if kind in ("return", "yield"):
        kind = "yieldfrom" if kind == "yield" and node.text.startswith(b"yield from") else kind
        out.append(BindingRow(enclosing(node.start_byte, True), "", kind, value_text, line))
        return
    if kind in ("unpack", "unpackloop"):
        callargs.unpack(source, node, caps, enclosing, out, kind == "unpackloop")
        return
    if kind == "returns":
        out.append(BindingRow(enclosing(node.start_byte, False), "", "returns", value_text, line))
        return
    if kind == "case":          # Go `switch v := x.(type)`: from each case's line on, v is its one type (else x)
        case, one = caps["case"][0], caps["case"][0].children_by_field_name("type")
        out.extend(BindingRow(enclosing(node.start_byte, True), n.text.decode(), "annot" if len(one) == 1 else "assign",
                              _text(source, one[0]) if len(one) == 1 else value_text, case.start_point[0] + 1, 1) for n in caps["name"])
        return
    if kind in argparams.KINDS:
        argparams.positional_binding(source, kind, node, caps, enclosing, _text, out)
        return
    names = caps.get("name", [])
    if kind in ("decorator", "getter"):          # under "@name": never looked up as a variable
        scope = enclosing(node.start_byte, True)  # a TypeScript getter is a property, as `@property` is
        for name in names:
            out.append(BindingRow(scope, "@" + name.text.decode("utf-8", "replace"), "decorator", "property" if kind == "getter" else value_text, line))
        return
    if kind in _MARKED:                          # `d[k] = v`: under "[d", never a binding of d itself
        scope = enclosing(node.start_byte, kind != "default")
        value_text += narrowing.narrow_span(node) if kind == "narrow" else ""
        for name in names:
            out.append(BindingRow(scope, _MARKED[kind] + name.text.decode("utf-8", "replace"), kind, value_text, line))
        return
    if kind in ("attr", "attrannot", "attritem"):
        obj = caps.get("object")            # none: a constructor parameter property (TypeScript)
        if obj and obj[0].text not in (b"self", b"cls", b"this"):
            return
    scope = enclosing(node.start_byte, node.type not in _PARAMETER_LISTS)
    for name in names:
        text = name.text.decode("utf-8", "replace")
        if kind in MEMBER_KINDS:    # `const { a, b: c } = obj`: c = obj.b; `({ b: c }: T)`: c is a `T['b']`
            key = _text(source, caps["key"][0]) if caps.get("key") else text
            out.append(BindingRow(scope, text, "assign", member_value(kind, value_text, key), line) if kind != "annotmember" else
                       BindingRow(scope, text, "annot", member_annotation(source, caps["value"][0], key, _text), line))
            continue
        if kind == "param" and node.type in _PYTHON_PARAMETERS:
            value_text = callargs.position(node, name)
        out.append(BindingRow(scope, text.lstrip("@") if kind == "attr" else text, kind, value_text, line))


def _unicode_after(source: bytes, end: int) -> bool:
    """Whether an ASCII head read from bytes may go on in non-ASCII letters (then the text decides)."""
    return end < len(source) and source[end] >= 0x80


def _in_annotation(node) -> bool:
    """Whether a node is part of a type annotation (a parameter's, a return's or a variable's)."""
    while node is not None and node.type not in ("block", "module", "expression_statement"):
        if node.type == "type":
            return True
        node = node.parent
    return False


def _typed_head(source: bytes, start: int, typed: set[str]) -> bool:
    """Whether a member read whose object starts at byte `start` (-1: none) may start from a typed
    name (most start from an untyped one: then no text is made); a non-ASCII letter after an ASCII
    head leaves it to the text."""
    head = HEAD_BYTES.match(source, start) if start >= 0 else None
    return head is not None and (head.group(0).decode("ascii") in typed or _unicode_after(source, head.end()))


def _implicit(source: bytes, kind: str, node, caps, typed: set[str], enclosing: Enclosing,
              out: list[CallRow], annotations: list[tuple[int, int]] = ()) -> None:
    """The implicit call rows of one match (a member read's head was checked by _typed_head)."""
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
    text = operators.operand(source, obj[0])
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
        dunder = operators.DUNDERS.get(op[0].text.decode() if op else "", "")
        if not dunder:
            return
    out.append(CallRow(caller, f"{text}.{dunder}", dunder, line, col, True))
