"""A script importing a sibling module by its bare name: its folder is on sys.path."""
import helpers
from helpers import slugify


def main(titles):
    timer = helpers.Timer()
    return [slugify(t) for t in titles], timer.elapsed()


if __name__ == "__main__":
    print(main(["Hello World"]))
