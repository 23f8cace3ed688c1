"""Use the re-exported class."""
from client import Session


def main():
    s = Session("http://api")
    s.get("/a")
    return s.get("/b")


print(main())
