"""Loader for format B: same function names as pkg.a.utils."""


def load(path):
    return f"B:{path}"


def save(path, data):
    return f"B<-{path}"
