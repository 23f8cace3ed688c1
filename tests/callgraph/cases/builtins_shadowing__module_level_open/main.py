"""The builtin open is untouched outside storage.files."""
from storage.files import read_all


def main():
    with open(__file__) as fh:
        first = fh.readline()
    return first, read_all("a.txt")


print(main())
