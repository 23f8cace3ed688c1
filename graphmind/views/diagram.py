"""A picture as Graphviz DOT or a Mermaid flowchart: nodes ranked by depth, kinds coloured, possible edges dashed."""
from __future__ import annotations

from graphmind.views.picture import Picture

# fill colours by symbol kind (the HTML view uses the same, views/page.css)
COLOURS = {"function": "#cfe8ff", "method": "#d8f5d0", "class": "#ffe2b8", "module": "#e8e0ff",
           "variable": "#f3f3f3", "constant": "#f3f3f3", "possible": "#ffffff"}
ROLE_PEN = {"target": "#c62828", "changed": "#c62828", "test": "#2e7d32"}


def _dot_text(text: str) -> str:
    """A DOT double-quoted string's body: backslashes and quotes escaped, newlines as \\n."""
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _label(n) -> str:
    return f"{n.id}\n{n.file}:{n.line}"


def to_dot(pic: Picture) -> str:
    """The picture as a DOT digraph (renders with `dot -Tsvg`): dependants point at what they depend on."""
    lines = ["digraph graphmind {",
             f'  label="{_dot_text(pic.title)}"; labelloc=t; rankdir=RL;',
             '  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=10];',
             '  edge [fontname="Helvetica", fontsize=8];']
    for n in pic.nodes:
        pen = ROLE_PEN.get(n.role)
        extra = f', color="{pen}", penwidth=2' if pen else ""
        lines.append(f'  "{_dot_text(n.id)}" [label="{_dot_text(_label(n))}", '
                     f'tooltip="{_dot_text(n.signature)}", fillcolor="{COLOURS.get(n.kind, "#eeeeee")}"{extra}];')
    depths = sorted({n.depth for n in pic.nodes})
    for d in depths:
        ids = " ".join(f'"{_dot_text(n.id)}";' for n in pic.nodes if n.depth == d)
        lines.append(f"  {{ rank=same; {ids} }}")
    for e in pic.edges:
        attrs = [f'label="{_dot_text(",".join(k for k in e.kinds if k != "call"))}"'] if e.kinds != ["call"] else []
        if e.possible:
            attrs.append('style=dashed, label="possible"')
        lines.append(f'  "{_dot_text(e.src)}" -> "{_dot_text(e.dst)}"' + (f" [{', '.join(attrs)}]" if attrs else "") + ";")
    lines.append("}")
    return "\n".join(lines)


def _mermaid_text(text: str) -> str:
    """Text inside a Mermaid quoted label: quotes and markup characters as entity codes."""
    for ch, code in (("&", "#amp;"), ('"', "#quot;"), ("<", "#lt;"), (">", "#gt;"), ("|", "#124;"),
                     ("`", "#96;"), ("{", "#123;"), ("}", "#125;"), ("[", "#91;"), ("]", "#93;")):
        text = text.replace(ch, code)
    return text


def to_mermaid(pic: Picture) -> str:
    """The picture as a Mermaid flowchart; node ids are n0, n1, … (any qualified name is safe in a label)."""
    ids = {n.id: f"n{i}" for i, n in enumerate(pic.nodes)}
    lines = ["flowchart RL", f"  %% {pic.title.replace(chr(10), ' ')}"]
    for n in pic.nodes:
        lines.append(f'  {ids[n.id]}["{_mermaid_text(n.id)}<br/>{_mermaid_text(f"{n.file}:{n.line}")}"]:::{_css(n.kind)}')
    for e in pic.edges:
        if e.src not in ids or e.dst not in ids:
            continue
        label = "possible" if e.possible else ",".join(k for k in e.kinds if k != "call")
        arrow = "-.->" if e.possible else "-->"
        lines.append(f"  {ids[e.src]} {arrow}{f'|{_mermaid_text(label)}|' if label else ''} {ids[e.dst]}")
    for kind in sorted({_css(n.kind) for n in pic.nodes}):
        lines.append(f"  classDef {kind} fill:{COLOURS.get(kind, '#eeeeee')},stroke:#555")
    roles = [ids[n.id] for n in pic.nodes if n.role in ("target", "changed")]
    if roles:
        lines += ["  classDef focus stroke:#c62828,stroke-width:3px", f"  class {','.join(roles)} focus"]
    return "\n".join(lines)


def _css(kind: str) -> str:
    return "".join(ch for ch in kind if ch.isalnum()) or "other"
