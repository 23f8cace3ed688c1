"""Package init: relative imports and module-level calls, with the package as caller."""
from .config import load
from .hooks import install

CONFIG = load()
install(CONFIG)
