"""Alert delivery."""


def emit(text, level="info", channel="ops"):
    return f"{channel}/{level}: {text}"
