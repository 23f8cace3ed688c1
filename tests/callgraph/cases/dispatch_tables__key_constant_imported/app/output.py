"""Formatters in a table, picked by a constant key imported from the settings module."""
from app.settings import FORMAT, LEVEL
from app import settings


def to_json(data):
    return str(data)


def to_text(data):
    return " ".join(map(str, data))


def quiet(msg):
    return None


def loud(msg):
    return msg.upper()


FORMATTERS = {"json": to_json, "text": to_text}
LOGGERS = [quiet, loud]


def emit(data):
    LOGGERS[LEVEL]("emitting")
    return FORMATTERS[FORMAT](data)


def emit_any(data, kind):
    return FORMATTERS[kind](data)


if __name__ == "__main__":
    print(emit([1, 2]), emit_any([3], "text"), settings.FORMAT)
