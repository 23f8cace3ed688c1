"""Prefer a compiled module that is not in this workspace; fall back to the pure one."""
try:
    from ._speedups import dumps, loads
except ImportError:
    from ._pure import dumps, loads


def encode(obj):
    return dumps(obj).encode()


def decode(data):
    return loads(data.decode())


if __name__ == "__main__":
    print(decode(encode({"a": 1})))
