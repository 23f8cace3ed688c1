"""Loader for format A."""


def load(path):
    return f"A:{path}"


def save(path, data):
    return f"A<-{path}"
