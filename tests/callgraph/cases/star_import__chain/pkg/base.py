"""Definitions."""


def connect(url):
    return f"conn:{url}"


def close(conn):
    return None
