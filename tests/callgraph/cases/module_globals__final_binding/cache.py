"""A module-level name bound twice: module code sees each binding in turn, functions the last."""


def memory_backend(key):
    return {"k": 1}.get(key)


def disk_backend(key):
    return None


backend = memory_backend
WARM = backend("k")
backend = disk_backend


def lookup(key):
    return backend(key)


if __name__ == "__main__":
    print(WARM, lookup("k"))
