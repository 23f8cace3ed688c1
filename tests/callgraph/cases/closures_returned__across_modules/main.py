"""Closures from another module, bound globally and locally."""
from handlers.factory import make_handler

on_save = make_handler("save")


def main():
    on_delete = make_handler("delete")
    return on_save("a"), on_delete("b")


print(main())
