"""Calls through two levels of re-exports."""
import net
from net.http import head


def probe(url):
    return head(url), net.fetch(url)


print(probe("http://x"))
