"""Original helpers."""


def log(msg):
    return f"util: {msg}"


def fmt(value):
    return f"<{value}>"
