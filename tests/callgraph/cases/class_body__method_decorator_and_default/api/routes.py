"""Decorators and default values on methods run in the class body."""

ROUTES = {}


def route(path):
    def register(fn):
        ROUTES[path] = fn
        return fn
    return register


def default_limit():
    return 10


class UserApi:
    @route("/users")
    def list_users(self, limit=default_limit()):
        return list(range(limit))

    @route("/users/count")
    def count(self):
        return len(self.list_users())
