"""Stacked wrappers: the outer wrapper calls the inner one, which calls the function; a caller runs
the outermost wrapper; a decorator returning what it was given puts nothing in place."""
from net import guards
from net.guards import audited, retried


def parse(raw):
    return raw.strip()


@audited
@retried
def fetch(url):
    return parse(url)


@guards.unchanged
@retried
def ping(host):
    return host


@guards.unchanged
def plain(x):
    return x


def main():
    print(fetch(" a "), ping("h"), plain(1))


if __name__ == "__main__":
    main()
