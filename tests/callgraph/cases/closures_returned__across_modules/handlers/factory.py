"""Factories returning closures."""


def audit(event):
    return f"audit {event}"


def make_handler(prefix):
    def handle(event):
        audit(event)
        return f"{prefix}: {event}"
    return handle
