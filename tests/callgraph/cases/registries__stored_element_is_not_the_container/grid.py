"""Objects stored into a plain dict keep their own type; the dict does not take it on, so indexing
the dict is not a call of the stored objects' __getitem__/__setitem__."""


class Grid:
    def __init__(self):
        self.cells = {}

    def __setitem__(self, key, value):
        self.cells[key] = value

    def __getitem__(self, key):
        return self.cells[key]


def make_grid():
    return Grid()


def collect(keys):
    found = {}
    for key in keys:
        grid = make_grid()
        grid[key] = 1
        found[key] = grid
    return found[keys[0]]


if __name__ == "__main__":
    print(collect(["a", "b"])["a"])
