"""Helpers with a function named like one in app.views."""


def format_name(first, last):
    return f"{last}, {first}"


def format_date(d):
    return d.isoformat()
