"""isinstance checks narrow only where they hold: each `if isinstance(item, …):` block its own class
(never the other block's), after `assert isinstance(…)` and after `if not isinstance(…): raise` the
checked subclass, not the annotated base."""
from __future__ import annotations


class Item:
    def as_string(self) -> str:
        return ""


class Table(Item):
    def invalidate_display_name(self) -> None:
        pass

    def as_string(self) -> str:
        return "[t]"


class AoT(Item):
    def invalidate_display_name(self) -> None:
        pass

    def as_string(self) -> str:
        return "[[t]]"


class InlineTable(Item):
    def as_string(self) -> str:
        return "{}"


def parse_item() -> Item:
    return InlineTable()


def append(item: Item) -> None:
    if isinstance(item, Table):
        item.invalidate_display_name()
    if isinstance(item, AoT) and item:
        item.invalidate_display_name()


def render() -> str:
    table = parse_item()
    assert isinstance(table, InlineTable)
    return table.as_string()


def render_table(item: Item) -> str:
    if not isinstance(item, Table):
        raise TypeError(item)
    return item.as_string()
