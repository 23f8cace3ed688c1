"""Bound methods passed as callbacks to a workspace function and to map()."""


def each(items, fn):
    for item in items:
        fn(item)


class Cleaner:
    def __init__(self):
        self.seen = []

    def clean(self, text):
        return text.strip()

    def remember(self, text):
        self.seen.append(text)

    def run(self, texts):
        cleaned = list(map(self.clean, texts))
        each(cleaned, self.remember)
        return self.seen


if __name__ == "__main__":
    print(Cleaner().run([" a ", "b "]))
