"""An event bus keeping handlers in an attribute dict, filled through a method."""


class Bus:
    def __init__(self):
        self.handlers = {}

    def on(self, name, handler):
        self.handlers[name] = handler

    def emit(self, name, payload):
        return self.handlers[name](payload)


def log_click(payload):
    return f"click {payload}"


def log_key(payload):
    return f"key {payload}"


def build():
    bus = Bus()
    bus.on("click", log_click)
    bus.on("key", log_key)
    return bus


if __name__ == "__main__":
    print(build().emit("click", 1))
