"""Nested helpers call each other and an outer-module function."""
import re


def tokenize(text):
    return re.findall(r"\w+", text.lower())


def summarize(text):
    words = tokenize(text)

    def count():
        return len(words)

    def longest():
        return max(words, key=len) if words else ""

    def line():
        return f"{count()} words, longest: {longest()}"

    return line()


if __name__ == "__main__":
    print(summarize("a bb ccc"))
