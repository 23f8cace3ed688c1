"""Exceptions, one with its own __init__."""


class NotFound(Exception):
    def __init__(self, what="resource"):
        super().__init__(f"{what} not found")


class Forbidden(Exception):
    pass
