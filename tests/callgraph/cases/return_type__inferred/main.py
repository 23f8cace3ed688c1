"""Calls on values returned by an unannotated factory."""
from parsing.factory import make_parser


def read(text):
    p = make_parser("csv")
    return p.parse(text)


print(read("a,b"), make_parser("tsv").parse("c\td"))
