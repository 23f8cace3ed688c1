"""Command line entry; imports its own package by absolute dotted name."""
import sys

import mylib.core


def main(argv=None):
    pairs = mylib.core.load(argv or sys.argv[1:])
    return pairs


if __name__ == "__main__":
    print(main(["a=1", "b = 2"]))
