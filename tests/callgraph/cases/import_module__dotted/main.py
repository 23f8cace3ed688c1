"""Import a submodule by its dotted path and call through the full name."""
import textkit.slug


def make_url(title):
    return "/posts/" + textkit.slug.slugify(title)


if __name__ == "__main__":
    print(make_url("Hello, World"))
