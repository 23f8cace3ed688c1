"""Two wrapping decorators: each puts a closure of its own in place of the function."""


def audited(func):
    def record(*args):
        print("call", func.__name__)
        return func(*args)
    return record


def retried(func):
    def attempt(*args):
        for _ in range(2):
            try:
                return func(*args)
            except OSError:
                pass
        return None
    return attempt


def unchanged(func):
    return func
