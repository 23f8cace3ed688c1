"""Names destructured in TypeScript. The declared type of a member of a destructured parameter (`({ router }: { router: AnyRouter })`):
the type written for that member in an object type in place, else an indexed access of the parameter's type
(`(Props)['router']`), which the flow evaluator reads (graphmind/lang/flow/typeflow.py)."""
from __future__ import annotations

from collections.abc import Callable

MEMBER_KINDS = frozenset({"member", "annotmember", "elementmember"})   # names destructured from a value, a type, an element


def member_annotation(source: bytes, type_node, key: str, text_of: Callable[[bytes, object], str]) -> str:
    """The type of member `key` of a parameter declared `type_node`, as text."""
    if type_node.type == "object_type":
        for member in type_node.named_children:
            name = member.child_by_field_name("name") if member.type == "property_signature" else None
            if name is not None and name.text.decode("utf-8", "replace") == key:
                written = member.child_by_field_name("type")
                return text_of(source, written.named_children[0]) if written is not None and written.named_children else ""
    return f"({text_of(source, type_node)})['{key}']"


def member_value(kind: str, value_text: str, key: str) -> str:
    """What a name destructured from a value holds, as an expression: `const { a } = obj` -> `obj.a`, and
    `for (const { deferred } of entries)` (kind `elementmember`) -> `entries[0].deferred`, an element's member."""
    return f"{value_text.rstrip('!')}[0].{key}" if kind == "elementmember" else f"{value_text}.{key}"
