"""Two decorators: a registering one with arguments and a wrapping one."""
import functools

ROUTES = {}


def route(path):
    def deco(fn):
        ROUTES[path] = fn
        return fn
    return deco


def login_required(fn):
    @functools.wraps(fn)
    def check(user, *args):
        if not user:
            raise PermissionError(fn.__name__)
        return fn(user, *args)
    return check
