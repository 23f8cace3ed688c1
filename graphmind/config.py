"""Fixed choices: where the index lives, what is never indexed, size limits."""
from __future__ import annotations

import fnmatch
import os
import re

INDEX_DIR = ".graphmind"
INDEX_FILE = "index.db"
IGNORE_FILE = ".graphmindignore"

# Files larger than this are recorded as skipped, never parsed.
MAX_FILE_BYTES = 1_000_000
# A file that tree-sitter takes longer than this to parse is recorded as an error, never retried
# until it changes (time per file is bounded).
MAX_PARSE_SECONDS = 20.0
# A file's extraction past this much CPU time (after its parse) skips what is left of its work and is
# recorded `partial` with the reason (GRAPHMIND_FILE_SECONDS overrides it: the tests plant 0).
MAX_FILE_SECONDS = float(os.environ.get("GRAPHMIND_FILE_SECONDS", "10"))
# A file whose average line is longer than this is treated as minified and skipped.
MAX_AVG_LINE = 500

# Folders never walked, wherever they are and whatever they hold: version control, installed
# dependencies, caches, editor state (a configured `include` can still bring one back).
ALWAYS_SKIP = frozenset({
    ".git", ".hg", ".svn", ".bzr", INDEX_DIR,
    "node_modules", "bower_components", "jspm_packages",
    ".venv", "venv", "virtualenv", "site-packages", "__pypackages__",
    "__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache", ".tox", ".nox", ".eggs",
    ".next", ".nuxt", ".svelte-kit", ".gradle", ".idea", ".vscode", ".terraform", "Pods", "DerivedData",
})
# Folders skipped only where they look like output or fetched code: no package marker of their own.
# A project's own package may be called `coverage/`, `build/` or `env/`.
OUTPUT_DIRS = frozenset({
    "vendor", "third_party", ".env", "env", "dist", "build", "target", "out", "coverage", "htmlcov", ".cache",
})
PACKAGE_MARKERS = ("__init__.py", "package.json", "go.mod", "Cargo.toml", "pyproject.toml", "setup.py",
                   "pom.xml", "build.gradle", "build.gradle.kts", "composer.json", "Gemfile", "CMakeLists.txt",
                   "mod.rs")
SKIP_DIRS = ALWAYS_SKIP | OUTPUT_DIRS
# A folder holding one of these (and no __init__.py) is a Python project: its modules are named from it
# (or from its `src/`), as they are imported, wherever it sits in the workspace (index/modules.py).
PYTHON_PROJECT_FILES = ("pyproject.toml", "setup.py", "setup.cfg")

# Secret files never enter the index, whatever their extension.
SECRET_PATTERNS = (
    ".env", ".env.*", "*.pem", "*.key", "*.p12", "*.pfx", "*.keystore", "*.jks",
    "id_rsa*", "id_dsa*", "id_ecdsa*", "id_ed25519*", ".netrc", ".npmrc", ".pypirc",
    "credentials.json", "*.secret", "*.secrets",
)
_SECRET = re.compile("|".join(fnmatch.translate(pat) for pat in SECRET_PATTERNS))


def is_secret(name: str) -> bool:
    """Whether a file name is on the secret deny list (it never enters the index)."""
    return _SECRET.match(name) is not None


# Blast radius bounds: a hub target must not hang.
DEFAULT_DEPTH = 3
DEFAULT_LIMIT = 200
# GRAPHMIND_QUERY_SECONDS overrides it: scripts/score_tests_reached.py raises it so that a score
# measures the code, not the machine's load.
QUERY_TIME_LIMIT_S = float(os.environ.get("GRAPHMIND_QUERY_SECONDS", "1.0"))

# Python argument flow: a function called from more places than this has parameters that are not
# followed to its callers' arguments (graphmind/resolve/python/arguments.py; re-opened alike: store/flows.py).
MAX_FLOW_SITES = 64
# A function returning what it is passed: when that changes, the typed calls using its result are
# re-opened in its callers, and in theirs when they return it in turn, up to this many hops (a bound
# on the cost of one save; a chain longer than this may differ from a clean index: store/flows.py).
RETURN_FLOW_HOPS = 1
