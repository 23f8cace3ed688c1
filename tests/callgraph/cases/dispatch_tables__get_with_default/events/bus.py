"""dict.get with a default: every value and the default may be called."""
from .handlers import ignore, on_click, on_key

HANDLERS = {"click": on_click, "key": on_key}


def emit(event):
    handler = HANDLERS.get(event["type"], ignore)
    return handler(event)


if __name__ == "__main__":
    print(emit({"type": "click", "x": 1}), emit({"type": "scroll"}))
