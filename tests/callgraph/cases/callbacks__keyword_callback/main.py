"""Entry point."""
from net.client import get

print(get())
