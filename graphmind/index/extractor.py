"""From a parse tree and its tag-query matches to the rows one file contributes to the graph."""
from __future__ import annotations

import re
from bisect import bisect_right

from graphmind.index import parser
from graphmind.index.callargs import call_arguments
from graphmind.index.docstrings import attach_docs
from graphmind.index.flowfacts import extract_flow
from graphmind.index.python import lambdas as py_lambdas
from graphmind.index.snippets import call_text, first_line, folded
from graphmind.pools import Allowance
from graphmind.models import CallRow, Extraction, ImportRow, InheritRow, SymbolRow
from graphmind.index.modules import resolve_relative
from graphmind.index.references import reference_rows
from graphmind.index.variables import LEAF_KINDS, variable_rows
from graphmind.lang.cfamily.macros import preprocessed
from graphmind.languages import OVERLOADING, TYPED_ARGUMENTS

CONTAINER_KINDS = frozenset({"class", "struct", "interface", "trait", "enum", "module", "namespace"})
MAX_SIGNATURE = 240
MAX_CALLEE = 160
_MAKERS = frozenset({b"make_unique", b"make_shared"})   # C++ callee text keeps `<T>`: the type they make (lang/cfamily/hooks)
_SPACE = re.compile(r"\s+")
# a trailing `# …` or `// …` comment on a signature line (outside quotes: no quote after the marker)
_LINE_COMMENT = re.compile(r"""\s+(?:#|//)(?!.*["'])[^\n]*$""")


def _text(node) -> str:
    return node.text.decode("utf-8", "replace")


def _fold(text: str, limit: int) -> str:
    return _cut(" ".join(text.split()), limit)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _fold_span(source: bytes, start: int, end: int, limit: int) -> str:
    return _cut(folded(source, start, end, limit), limit)


class _Def:
    __slots__ = ("node", "kind", "name", "body_start", "body_end", "index")

    def __init__(self, node, kind, name, body):     # body: the @body nodes (C++: initializers, block)
        self.node, self.kind, self.name = node, kind, name
        self.body_start, self.body_end = (body[0].start_byte, body[-1].end_byte) if body else (node.start_byte, node.end_byte)
        self.index = -1


def _signature(source: bytes, d: _Def) -> str:
    start = d.node.start_byte
    end = d.body_start if d.body_start > start else d.node.end_byte
    head = source[start:end].decode("utf-8", "replace")
    if d.body_start <= start:               # no body captured: the first line, or up to the line that
        head = first_line(head, source.count(b"\n", start, d.name.start_byte))   # closes its parameter list
    head = "\n".join(_LINE_COMMENT.sub("", line) for line in head.split("\n"))
    return _fold(head, MAX_SIGNATURE).rstrip(" :{=").rstrip() or _fold(_text(d.name), MAX_SIGNATURE)


_ROLES: dict[str, tuple[str, str]] = {}      # capture name -> (what it is, definition kind); "" for the rest
_REFERENCES = {"reference.call": "call", "reference.import": "import", "reference.inherit": "inherit",
               "reference.type": "type"}


def _role(cap: str) -> tuple[str, str]:
    if cap.startswith("definition."):
        return ("leaf" if cap[11:] in LEAF_KINDS else "def"), cap[11:]
    return _REFERENCES.get(cap, ""), ""


def extract(language: str, module: str, path: str, source: bytes, tree, allowance: Allowance | None = None) -> Extraction:
    """Every definition, call, import and base class in one parsed file; past its allowance of time,
    the rest of its calls and its flow facts are skipped and the file is `partial`."""
    allowance = allowance or Allowance(float("inf"))
    skipped: list[str] = []
    out = Extraction(module=module)
    root = tree.root_node
    total_lines = max(1, source.count(b"\n") + (0 if source.endswith(b"\n") else 1))
    out.symbols.append(SymbolRow(module, module.rsplit(".", 1)[-1], "module", 1, total_lines,
                                 0, len(source), module, None))
    defs: dict[int, _Def] = {}
    calls, imports, inherits, types, leaves = [], [], [], [], []
    (found, complete), flow = parser.tag_and_flow_matches(language, root)
    roles = _ROLES
    for _, caps in found:
        name_nodes = caps.get("name")
        for cap, nodes in caps.items():
            role = roles.get(cap)
            if role is None:
                role = roles[cap] = _role(cap)
            what = role[0]
            if not what:
                continue
            if what == "leaf":
                if name_nodes:
                    leaves.append((nodes[0], name_nodes[0], role[1]))
            elif what == "def":
                if name_nodes and nodes[0].id not in defs and not (
                        nodes[0].type == "lambda" and py_lambdas.is_named(nodes[0])):
                    body = caps.get("body")
                    if body and len(body) > 1:
                        body = sorted(body, key=lambda n: n.start_byte)
                    defs[nodes[0].id] = _Def(nodes[0], role[1], name_nodes[0], body)
            elif what == "type":
                types.append(nodes[0])
            elif not name_nodes:
                continue
            elif what == "call":
                recv = caps.get("receiver")
                calls.append((nodes[0], name_nodes[0], recv[0] if recv else None))
            elif what == "import":
                imports.append((nodes[0], name_nodes, caps.get("symbol"), caps.get("alias")))
            else:
                inherits.append((nodes[0], name_nodes[0]))

    ordered = sorted(defs.values(), key=lambda d: (d.node.start_byte, -d.node.end_byte))
    starts = [d.node.start_byte for d in ordered]
    parents: list[int] = [0] * len(ordered)          # symbol index of each def's parent
    stack: list[_Def] = []
    unnamed: list[tuple[int, str, object]] = []      # Python's unnamed lambdas: (symbol index, name, node)
    ordinals = py_lambdas.Ordinals()
    for i, d in enumerate(ordered):
        while stack and not (d.node.start_byte >= stack[-1].node.start_byte
                             and d.node.end_byte <= stack[-1].node.end_byte):
            stack.pop()
        parent = stack[-1] if stack else None
        pidx = parent.index if parent else 0
        kind = d.kind
        d.index = len(out.symbols)
        parents[i] = pidx                      # the node's parent (`enclosing` walks these)
        if py_lambdas.is_unnamed(language, d.node):      # named by its place in the scope evaluating it
            parent = py_lambdas.owner(stack, d.node)
            pidx = parent.index if parent else 0
            name = ordinals.name(pidx)
            unnamed.append((pidx, name, d.node))
        else:
            name = _text(d.name)
            if kind == "function" and parent is not None and parent.kind in CONTAINER_KINDS - {"module", "namespace"}:
                kind = "method"
        qual = f"{out.symbols[pidx].qualname}.{name}"
        if language == "lua" and pidx == 0:
            pidx = parents[i] = _lua_owner(ordered[:i], parents, d)
            if pidx:
                kind, qual = "method" if kind == "function" else kind, f"{out.symbols[pidx].qualname}.{name}"
        if language in _OWNED:
            owner = _owner(language, d)
            if owner:
                full = f"{owner}.{name}"
                qual = module if pidx == 0 and full == module else f"{out.symbols[pidx].qualname}.{full}"
        out.symbols.append(SymbolRow(
            qual, name, kind,
            d.node.start_point[0] + 1, d.node.end_point[0] + 1,
            d.node.start_byte, d.node.end_byte, _signature(source, d), pidx))
        stack.append(d)

    def enclosing(pos: int, body_only: bool) -> int:
        """The symbol index of the innermost definition whose body (or node) contains pos."""
        i = bisect_right(starts, pos) - 1
        while i >= 0:
            d = ordered[i]
            lo, hi = (d.body_start, d.body_end) if body_only else (d.node.start_byte, d.node.end_byte)
            if lo <= pos < hi:
                return d.index
            p = parents[i]
            if p == 0:
                return 0
            i = p - 1          # symbol index k lives at ordered[k - 1]: defs were appended in order
        return 0

    counted, texts, cpp = language in OVERLOADING, language in TYPED_ARGUMENTS, language == "cpp"
    plain, source = source, py_lambdas.spliced(source, [(n.start_byte, n.end_byte, q) for _, q, n in unnamed])
    for i, (node, name, recv) in enumerate(calls):
        if not i & 255 and allowance.over():
            skipped.append(allowance.reason(f"{len(calls) - i} calls"))
            break
        end = name.parent.end_byte if cpp and name.text in _MAKERS and name.parent.type == "template_function" else name.end_byte
        callee = call_text(source, node.start_byte, end, MAX_CALLEE, counted)     # a long chain: arguments as `_`
        arity, args = call_arguments(node, texts) if counted else (None, None)
        if name.type == "parenthesized_expression":              # `(lambda: …)()`: a call of `<lambdaN>`
            callee = callee.strip("() ")
        out.calls.append(CallRow(enclosing(node.start_byte, True), callee.lstrip("@ "),
                                 callee if name.type == "parenthesized_expression" else _text(name),
                                 name.start_point[0] + 1, name.start_point[1],
                                 kind="decorator" if node.type == "decorator" else "call",
                                 arity=arity, args=args))
    for d in ordered:                        # a method may override a base method: resolved through the MRO
        parent = out.symbols[out.symbols[d.index].parent or 0]
        if out.symbols[d.index].kind == "method" and parent.kind in CONTAINER_KINDS - {"module", "namespace"}:
            name = out.symbols[d.index].name
            out.calls.append(CallRow(d.index, name, name, d.name.start_point[0] + 1, d.name.start_point[1],
                                     kind="override"))
    out.calls += (pre := preprocessed(language, ordered, source, out.symbols, enclosing, root, out.calls))[0]   # C: #if, macros
    is_package = path.endswith("__init__.py")          # (an #include in an #if branch left out includes nothing)
    for node, names, symbol, alias in (i for i in imports if not any(lo <= i[0].start_byte < hi for lo, hi in pre[1])):
        # a path the grammar splits into segments (Scala): the text from the first @name to the last
        written = _text(names[0]) if len(names) == 1 else \
            _SPACE.sub("", source[names[0].start_byte:names[-1].end_byte].decode("utf-8", "replace"))
        sym = _text(symbol[0]) if symbol else None
        if sym is not None and (sym.strip() in ("*", "namespace") or language == "scala" and sym.strip() == "_"):
            sym = "*"
        if alias:                            # (a C #include binds its whole path: two `trie.h` are two)
            local = _text(alias[0])
        elif sym is not None:
            local = sym.rsplit(".", 1)[-1] if sym != "*" else "*"
        else:
            local = written.split(".", 1)[0] if language == "python" else written if language in ("c", "cpp") else written.rsplit("/", 1)[-1]
        resolved = resolve_relative(module, is_package, written) if language == "python" else None
        scope = enclosing(node.start_byte, True)
        out.imports.append(ImportRow(scope, written, sym, local, resolved, node.start_point[0] + 1))
        if sym != "*":                       # the importing scope depends on what it imports
            path = written if sym is None and not alias and language == "python" else local
            out.calls.append(CallRow(scope, path, path.rsplit(".", 1)[-1], node.start_point[0] + 1,
                                     node.start_point[1], kind="import"))
    known = {s.name for s in out.symbols} | {m.alias for m in out.imports}
    variables = variable_rows(language, plain, leaves, out.symbols, enclosing)
    out.symbols.extend(variables)              # leaves after every scope: `enclosing` indexes stay valid
    readable = {v.name for v in variables} | {m.alias for m in out.imports if m.symbol not in (None, "*")}
    annotations = sorted((n.start_byte, n.end_byte) for n in types if n.type == "type")
    if skipped or allowance.over():
        skipped = skipped or [allowance.reason("flow facts")]
        out.bindings, implicit, flow_complete = [], [], True
    else:
        out.bindings, implicit, flow_complete = extract_flow(language, source, root, enclosing, known, readable,
                                                             {v.name for v in variables}, annotations, calls, flow)
    out.calls.extend(implicit)
    out.calls.extend(reference_rows(types, enclosing, "reference"))
    seen_bases: dict[int, int] = {}
    for node, name in inherits:
        cls = enclosing(node.start_byte, False)
        if cls == 0:
            continue
        seen_bases[cls] = (pos := seen_bases.get(cls, 0)) + 1
        named = node if node.start_byte <= name.start_byte < node.end_byte else name   # named around it: Java enum
        out.inherits.append(InheritRow(cls, _fold_span(source, named.start_byte, named.end_byte, MAX_CALLEE), pos,
                                       node.start_point[0] + 1))
    notes = [f"syntax error near line {parser.first_error_line(root)}" if root.has_error else None,
             f"nested over {parser.MAX_DEPTH} levels deep: what lies deeper is not indexed"
             if parser.too_deep(root) else None,
             None if complete and flow_complete else "expressions nested too deeply: some references skipped",
             *skipped]
    if any(notes):
        out.status, out.error = "partial", "; ".join(filter(None, notes))
    out.calls.extend(py_lambdas.creations(unnamed))
    attach_docs(language, plain, out.symbols, [(d.index, d.node.start_byte, d.body_start) for d in ordered
                                              if not py_lambdas.is_unnamed(language, d.node)])
    return out


_OWNED = frozenset({"go", "cpp", "csharp"})
_TEMPLATE_ARGS = re.compile(r"<[^<>]*>|\[[^\[\]]*\]")


def _owner(language: str, d: _Def) -> str | None:
    """The type or namespace path a definition names outside its scope chain, dotted, or None:
    the receiver type of a Go method (`func (s *Store) Add` -> `Store`), the class of an out-of-line
    C++ member (`void shop::Cart::add()` -> `shop.Cart`), the outer part of a qualified C++ or C#
    namespace name (`namespace a::b`, `namespace A.B` -> `a`, `A`)."""
    node = d.node
    if language == "go":
        recv = node.child_by_field_name("receiver") if node.type == "method_declaration" else None
        param = recv.named_children[0] if recv is not None and recv.named_children else None
        typ = param.child_by_field_name("type") if param is not None else None
        return _strip_args(_text(typ)).lstrip("*& ") or None if typ is not None else None
    if node.type in ("namespace_definition", "namespace_declaration", "file_scoped_namespace_declaration"):
        full = node.child_by_field_name("name")
        written = _text(full).replace("::", ".").replace(" ", "") if full is not None else ""
        return written.rsplit(".", 1)[0] if "." in written else None
    if language != "cpp" or node.type != "function_definition" or d.kind not in ("method", "constructor"):
        return None
    decl = node.child_by_field_name("declarator")
    while decl is not None and decl.type != "function_declarator":
        decl = decl.child_by_field_name("declarator") or (decl.named_children[-1] if decl.named_children else None)
    target = decl.child_by_field_name("declarator") if decl is not None else None
    if target is None or target.type != "qualified_identifier":
        return None
    written = _strip_args(_text(target)).replace(" ", "")
    return (written[: written.rfind("::")] if "::" in written else "").strip(":").replace("::", ".") or None


def _lua_owner(before: list[_Def], parents: list[int], d: _Def) -> int:
    """The symbol index of the top-level table (a class) a Lua function is written into, made above
    it in the file (`local Account = {}` … `function Account:deposit()`), or 0."""
    name = d.node.child_by_field_name("name") if d.node.type == "function_declaration" else None
    table = name.child_by_field_name("table") if name is not None else None
    if table is None or table.type != "identifier":
        return 0
    return next((t.index for t in reversed(before) if t.kind == "class" and _text(t.name) == _text(table)
                 and parents[t.index - 1] == 0), 0)


def _strip_args(text: str) -> str:
    """A type without its template or generic arguments: `Cart<T>` -> `Cart`, `Store[T]` -> `Store`."""
    while (shorter := _TEMPLATE_ARGS.sub("", text)) != text:
        text = shorter
    return text
