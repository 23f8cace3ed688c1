"""Two modules define format_name; each call reaches the one it names."""
from . import helpers


def format_name(first, last):
    return f"{first} {last}"


def header(user):
    return format_name(user["first"], user["last"])


def index_entry(user):
    return helpers.format_name(user["first"], user["last"])


if __name__ == "__main__":
    u = {"first": "Ada", "last": "Lovelace"}
    print(header(u), index_entry(u))
