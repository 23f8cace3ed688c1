"""`from ..mod import name` and `from .. import mod` climb to the parent package."""
from .. import common
from ..common import slug


def page_url(title):
    return "/p/" + slug(title)


def page_title(title):
    return common.quote(title)


if __name__ == "__main__":
    print(page_url("Hello World"), page_title("Hi"))
