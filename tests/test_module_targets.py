"""Modules as blast-radius targets (by name or by file path), and no import-chain rows: issue #34."""
from __future__ import annotations

import pytest

from conftest import run_cli
from graphmind.errors import UnknownSymbolError
from langcases import indexed_workspace
from graphmind.query import graph
from graphmind.store import open_reader

# a package laid out like Flask: src/ layout, helpers re-exported by the package, imported every way
FILES = {
    "pyproject.toml": "[project]\nname = 'pkg'\n",
    "src/pkg/__init__.py": "from .helpers import url_for as url_for\nfrom .app import App as App\n",
    "src/pkg/helpers.py": "def url_for(x):\n    return x\n\n\ndef flash(m):\n    return m\n\nDEFAULT = 1\n",
    "src/pkg/app.py": "from .helpers import flash\n\n\nclass App:\n    def run(self):\n        return flash('hi')\n",
    "src/pkg/views.py": "import pkg.helpers\n\n\ndef index():\n    return pkg.helpers.url_for('i')\n",
    "src/pkg/cli.py": "from pkg import helpers\n\n\ndef main():\n    return helpers.DEFAULT\n",
    "src/pkg/plain.py": "from . import helpers as h\n",
    "tests/test_app.py": "import pkg\n\n\ndef test_app():\n    assert pkg.App().run()\n",   # never uses url_for
    "tests/test_urls.py": "import pkg\n\n\ndef test_url():\n    assert pkg.url_for('a')\n",
    "tests/test_views.py": "from pkg.views import index\n\n\ndef test_index():\n    assert index()\n",
    "tests/test_from.py": "from pkg import App\n\n\ndef test_from():\n    assert App()\n",
}


@pytest.fixture
def pkg(tmp_path):
    return indexed_workspace(tmp_path, FILES)


def radius(root, symbol, depth=3, take_all=False):
    conn = open_reader(root)
    return graph.walk(conn, graph.resolve_targets(conn, symbol, take_all), "up", depth, 200,
                      kinds=graph.ALL_KINDS)


def test_a_module_lists_every_file_that_imports_it(pkg):
    w = radius(pkg, "pkg.helpers", depth=1)
    importers = {h.symbol for h in w.hits if "import" in h.kinds}
    assert importers == {"pkg", "pkg.app", "pkg.views", "pkg.cli", "pkg.plain"}
    assert all(h.path[-1] == "pkg.helpers" for h in w.hits)


def test_a_module_s_importers_have_their_dependants_further_up(pkg):
    found = {h.symbol: h.depth for h in radius(pkg, "pkg.helpers", depth=3).hits}
    assert found["pkg.views"] == 1
    assert found["tests.test_views"] == 2                 # from pkg.views import index


def test_a_package_lists_the_files_importing_names_from_it(pkg):
    """`from pkg import App` imports the package (its edge goes on to pkg.app.App, where App is defined)."""
    found = {h.symbol: h.kinds for h in radius(pkg, "pkg", depth=1).hits}
    assert found["tests.test_from"] == ["import"] and found["tests.test_app"] == ["import"]


@pytest.mark.parametrize("spelling", ["src/pkg/helpers.py", "./src/pkg/helpers.py", "pkg/helpers.py", "ABS"])
def test_a_file_path_names_its_module(pkg, spelling):
    spelling = str(pkg / "src/pkg/helpers.py") if spelling == "ABS" else spelling
    conn = open_reader(pkg)
    assert [r.qualname for r in graph.resolve_targets(conn, spelling)] == ["pkg.helpers"]


def test_a_path_that_is_not_indexed_is_still_unknown(pkg):
    with pytest.raises(UnknownSymbolError):
        graph.resolve_targets(open_reader(pkg), "src/pkg/nothere.py")


def test_no_import_chain_rows(pkg):
    """`import pkg` (which re-exports url_for) is a dependant of url_for only where url_for is used."""
    found = {h.symbol: h.depth for h in radius(pkg, "pkg.helpers.url_for", depth=2).hits}
    assert "tests.test_app" not in found and "tests.test_app.test_app" not in found
    assert "tests.test_urls" not in found                 # the module only imports pkg
    assert found["tests.test_urls.test_url"] == 1         # pkg.url_for(...) is a use
    assert found["pkg"] == 1
    assert found["pkg.views.index"] == 1 and found["tests.test_views.test_index"] == 2


def test_cli_blast_radius_of_a_file(pkg):
    out = run_cli("blast-radius", "src/pkg/helpers.py", "--depth", "1", cwd=pkg, check=True).stdout
    for module in ("pkg.app", "pkg.views", "pkg.cli", "pkg.plain"):
        assert module in out


def test_an_agent_s_file_path_is_confined_then_names_its_module(pkg):
    from graphmind import paths
    from graphmind.errors import PathOutsideWorkspaceError
    assert paths.confine_symbol(pkg, str(pkg / "src/pkg/helpers.py")) == "src/pkg/helpers.py"
    assert paths.confine_symbol(pkg, "pkg.helpers") == "pkg.helpers"
    with pytest.raises(PathOutsideWorkspaceError):
        paths.confine_symbol(pkg, "/etc/src/pkg/helpers.py")
    with pytest.raises(PathOutsideWorkspaceError):
        paths.confine_symbol(pkg, "../src/pkg/helpers.py")
