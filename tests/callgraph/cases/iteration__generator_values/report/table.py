"""Values yielded by a generator in another module, iterated."""
from .rows import read_rows


def render_table(lines):
    out = []
    for row in read_rows(lines):
        out.append(row.render())
    return "\n".join(out)


if __name__ == "__main__":
    print(render_table(["a,b", "c,d"]))
