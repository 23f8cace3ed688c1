"""Event handlers."""


def on_click(event):
    return f"click at {event['x']}"


def on_key(event):
    return f"key {event['key']}"


def ignore(event):
    return None
