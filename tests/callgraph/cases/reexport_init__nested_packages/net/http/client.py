"""HTTP client (simulated)."""


def _request(method, url):
    return f"{method} {url}"


def fetch(url):
    return _request("GET", url)


def head(url):
    return _request("HEAD", url)
