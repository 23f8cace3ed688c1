"""Several Python packages in one workspace: each named as it is imported, imports between them
resolved (issue #34)."""
from __future__ import annotations

import pytest

from graphmind.index.indexer import index_workspace
from langcases import indexed_workspace
from graphmind.query import graph
from graphmind.store import open_reader

MONOREPO = {
    # the plainest layout: a project folder holding its package
    "libs/alpha/pyproject.toml": "[project]\nname = 'alpha'\n",
    "libs/alpha/alpha/core.py": "def total(xs):\n    return sum(xs)\n",
    "apps/web/web/main.py": "from alpha.core import total\n\n\ndef main():\n    return total([1, 2])\n",
    # src layouts, a setup.cfg project and a setup.py project
    "packages/beta/setup.cfg": "[metadata]\nname = beta\n",
    "packages/beta/src/beta/__init__.py": "from .tools import shout as shout\n",
    "packages/beta/src/beta/tools.py": "def shout(s):\n    return s.upper()\n",
    "packages/beta/tests/test_tools.py": "import beta\n\n\ndef test_shout():\n    assert beta.shout('a')\n",
    "packages/gamma/setup.py": "from setuptools import setup\nsetup(name='gamma')\n",
    "packages/gamma/gamma/__init__.py": "",
    "packages/gamma/gamma/run.py": "from beta.tools import shout\nimport alpha.core\n\n\ndef go():\n"
                                   "    return shout('x'), alpha.core.total([])\n",
    # a namespace package (no __init__.py) inside a src layout
    "packages/delta/pyproject.toml": "[project]\nname = 'acme-delta'\n",
    "packages/delta/src/acme/delta/api.py": "from gamma.run import go\n\n\ndef call():\n    return go()\n",
}


@pytest.fixture
def monorepo(tmp_path):
    return indexed_workspace(tmp_path, MONOREPO)


def callers(root, symbol):
    conn = open_reader(root)
    return {h.symbol for h in graph.walk(conn, graph.resolve_targets(conn, symbol), "up", 1, 100).hits}


def modules(root):
    return dict(open_reader(root).execute("SELECT path, module FROM files"))


def test_callers_of_a_function_in_another_package(monorepo):
    assert "apps.web.web.main.main" in callers(monorepo, "total")


def test_each_package_s_modules_are_named_as_imported(monorepo):
    names = modules(monorepo)
    assert names["libs/alpha/alpha/core.py"] == "alpha.core"
    assert names["packages/beta/src/beta/tools.py"] == "beta.tools"
    assert names["packages/beta/src/beta/__init__.py"] == "beta"
    assert names["packages/gamma/gamma/run.py"] == "gamma.run"
    assert names["packages/delta/src/acme/delta/api.py"] == "acme.delta.api"
    assert names["packages/beta/tests/test_tools.py"] == "tests.test_tools"
    assert names["apps/web/web/main.py"] == "apps.web.web.main"       # no project file: named by folder


def test_imports_between_packages_resolve(monorepo):
    assert callers(monorepo, "beta.tools.shout") >= {"gamma.run.go", "tests.test_tools.test_shout"}
    assert "gamma.run.go" in callers(monorepo, "alpha.core.total")
    assert "acme.delta.api.call" in callers(monorepo, "gamma.run.go")


def test_a_project_file_inside_a_package_is_not_a_root(tmp_path):
    """A setup.py shipped as data inside a package (a project template) does not rename the package."""
    root = indexed_workspace(tmp_path, {"pyproject.toml": "", "pkg/__init__.py": "", "pkg/template/__init__.py": "",
                                        "pkg/template/setup.py": "x = 1\n", "pkg/template/mod.py": "y = 2\n"})
    assert modules(root)["pkg/template/mod.py"] == "pkg.template.mod"


WITHOUT_ALPHA_PROJECT = {rel: text for rel, text in MONOREPO.items() if rel != "libs/alpha/pyproject.toml"}


def test_a_project_file_added_later_renames_its_modules_like_a_clean_index(tmp_path):
    root = indexed_workspace(tmp_path, WITHOUT_ALPHA_PROJECT)
    assert modules(root)["libs/alpha/alpha/core.py"] == "libs.alpha.alpha.core"
    (root / "libs/alpha/pyproject.toml").write_text(MONOREPO["libs/alpha/pyproject.toml"])
    index_workspace(root)
    assert modules(root)["libs/alpha/alpha/core.py"] == "alpha.core"
    assert "apps.web.web.main.main" in callers(root, "alpha.core.total")


def test_the_daemon_renames_modules_when_a_project_file_comes(tmp_path, no_leaks):
    import time

    from conftest import run_cli
    from daemonkit import assert_equals_clean, start_daemon, stop_daemon, wait_fresh
    root = indexed_workspace(tmp_path, WITHOUT_ALPHA_PROJECT)
    pid = start_daemon(root)
    try:
        (root / "libs/alpha/pyproject.toml").write_text(MONOREPO["libs/alpha/pyproject.toml"])
        deadline, found = time.monotonic() + 30, False
        while not found and time.monotonic() < deadline:
            wait_fresh(root)
            found = run_cli("callers", "alpha.core.total", "--json", cwd=root).returncode == 0
            time.sleep(0.2)
        assert found, "alpha.core.total never appeared"
        assert "apps.web.web.main.main" in callers(root, "alpha.core.total")
    finally:
        stop_daemon(root, pid)
    assert_equals_clean(root, tmp_path, "a pyproject.toml added under the daemon")
