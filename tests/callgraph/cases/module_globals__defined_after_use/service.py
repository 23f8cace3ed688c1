"""Functions use globals that are bound later in the module; lookups happen at call time."""


def main():
    return connect() + HANDLER()


def connect():
    return "connected:"


def _default_handler():
    return "default"


HANDLER = _default_handler

if __name__ == "__main__":
    print(main())
