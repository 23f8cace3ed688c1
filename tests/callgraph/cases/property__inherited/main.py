"""Entry point."""
from shapes.poly import Triangle


def main():
    t = Triangle()
    return t.name, t.label()


print(main())
