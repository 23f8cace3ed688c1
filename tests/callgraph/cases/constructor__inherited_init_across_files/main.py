"""Entry point."""
from shapes.square import Square, unit_square


def main():
    big = Square("square", 3)
    return big.area(), big.describe(), unit_square()


print(main())
