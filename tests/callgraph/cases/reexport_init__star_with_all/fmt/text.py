"""Text formatting."""
__all__ = ["title"]


def title(text):
    return text.strip().title()


def shout(text):
    return text.upper()
