"""Two star imports in a row."""
from pkg.api import *  # noqa: F403


def work():
    conn = connect("db")
    close(conn)
    return session("db")


print(work())
