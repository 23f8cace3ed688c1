"""Names destructured in TypeScript. The declared type of a member of a destructured parameter (`({ router }: { router: AnyRouter })`):
the type written for that member in an object type in place, else an indexed access of the parameter's type
(`(Props)['router']`), which the flow evaluator reads (graphmind/lang/flow/typeflow.py). And a declarator whose value is
cast to a named type (`const merged = { … } as unknown as Required<Options>`): the cast is its declared type (an `annot`
row), so the literal, cut at the value's length, is not read as its value too."""
from __future__ import annotations

from collections.abc import Callable

MEMBER_KINDS = frozenset({"member", "annotmember", "elementmember"})   # names destructured from a value, a type, an element
_NAMED_TYPES = frozenset({"type_identifier", "generic_type", "nested_type_identifier"})   # queries/typescript/flow.scm's cast annot


def cast_declared(kind: str, node, caps) -> bool:
    """Whether an `assign` row's value is a cast to a named type that an `annot` row of the declarator already gives."""
    value = caps["value"][0] if kind == "assign" and node.type == "variable_declarator" and caps.get("value") else None
    return value is not None and value.type == "as_expression" and value.named_children[-1].type in _NAMED_TYPES


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
