"""Subscription on an instance calls __getitem__ (and assignment __setitem__)."""


class Grid:
    def __init__(self, w, h):
        self.cells = [[0] * w for _ in range(h)]

    def __getitem__(self, pos):
        x, y = pos
        return self.cells[y][x]

    def __setitem__(self, pos, value):
        x, y = pos
        self.cells[y][x] = value


def paint(grid: Grid, points):
    for p in points:
        grid[p] = grid[p] + 1
    return grid[0, 0]


if __name__ == "__main__":
    g = Grid(2, 2)
    print(paint(g, [(0, 0), (1, 1)]))
