"""An inner function's local definition shadows an outer one only inside it."""


def escape(text):
    return text.replace("<", "&lt;")


def render(items):
    def escape(text):
        return text.upper()

    def row(item):
        return f"<li>{escape(item)}</li>"

    def raw_row(item):
        def escape(text):
            return text
        return f"<li>{escape(item)}</li>"

    return [row(i) for i in items] + [raw_row(i) for i in items]


def render_safe(items):
    return [escape(i) for i in items]


if __name__ == "__main__":
    print(render(["a<b"]), render_safe(["a<b"]))
