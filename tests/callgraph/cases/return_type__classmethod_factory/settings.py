"""A classmethod returning `cls(...)`, annotated with the class name."""
from __future__ import annotations


class Settings:
    def __init__(self, data):
        self.data = data

    @classmethod
    def load(cls, text: str) -> Settings:
        pairs = (line.split("=", 1) for line in text.splitlines() if "=" in line)
        return cls({k.strip(): v.strip() for k, v in pairs})

    def get(self, key):
        return self.data.get(key)


def debug_enabled(text):
    return Settings.load(text).get("debug") == "1"


if __name__ == "__main__":
    print(debug_enabled("debug = 1"))
