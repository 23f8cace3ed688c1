"""A module-level name rebound through a `global` statement: both targets are possible."""


def plain(msg):
    return msg


def fancy(msg):
    return f"** {msg} **"


formatter = plain


def use_fancy():
    global formatter
    formatter = fancy


def emit(msg):
    print(formatter(msg))
