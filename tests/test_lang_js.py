"""JavaScript / TypeScript / TSX import-aware resolution on real fixture projects (one per flavour).

Each fixture carries hand-written expectations: the callers a blast radius must find, the call
sites that must carry a given label, and wrong pairs (same-named decoys) that must never be a
resolved edge.
"""
from __future__ import annotations

import json
import shutil

import pytest

from graphmind.query import graph
from graphmind.lang import jsproject
from graphmind.index.indexer import index_workspace
from graphmind.store import open_reader

from conftest import copy_repo

RESOLVED = ("local", "import", "self", "inferred")

# fixture -> [(target, depth, every caller the blast radius must list at up to that depth)]
CALLERS = {
    "js_mixed": [
        ("lib.math.add", 1, {"lib.math.mul", "app.main.report"}),
        ("lib.math.square", 1, {"app.main.report"}),                       # via barrel default and `import sq`
        ("lib.math.mul", 1, {"lib.math.square", "app.main.report"}),       # `math.mul()` on a namespace
        ("lib.text.fmt", 1, {"lib.text.shout", "app.main.report", "app.cli.run"}),
        ("lib.text.shout", 1, {"app.cli.run"}),                            # `const { shout: yell } = require()`
        ("lib.counter.Counter.constructor", 1, {"app.cli.run", "lib.counter.Counter.create"}),
        ("lib.counter.Counter.reset", 2, {"lib.counter.Counter.constructor", "app.cli.run",
                                          "lib.counter.Counter.create"}),
        ("lib.legacy.pad", 2, {"lib.legacy.banner", "app.cli.run"}),
    ],
    "ts_paths": [
        ("src.core.store.createStore", 1, {"src.app.main"}),               # `makeStore` and `core.createStore`
        ("src.core.store.Store.constructor", 1, {"src.core.store.createStore", "src.app.main",
                                                 "src.models.base.Model.constructor"}),
        ("src.core.store.Store.validate", 2, {"src.core.store.Store.constructor", "src.core.store.Store.save",
                                              "src.core.store.createStore", "src.app.main",
                                              "src.models.base.Model.constructor",
                                              "src.models.base.Model.persist"}),   # this.store.save(), store: Store
        ("src.utils.slug", 1, {"src.utils.log", "src.models.user.User.describe"}),
        ("src.utils.log", 1, {"src.models.user.User.persist"}),            # `import log from '@utils'` (default)
        ("src.models.base.Model.constructor", 1, {"src.models.user.User.constructor"}),   # super(email)
        ("src.models.base.Model.persist", 1, {"src.models.user.User.persist"}),           # super.persist()
        ("src.models.user.User.constructor", 1, {"src.app.main"}),         # `models/user` through baseUrl
        ("src.core.geo.Geo.area", 1, {"src.app.main"}),                    # a member of a TS namespace
    ],
    "ts_workspace": [
        ("packages.shared.src.greet", 2, {"packages.ui.src.banner", "apps.web.src.main.start"}),
        ("packages.shared.src.math.clamp", 2, {"packages.shared.src.math.lerp", "packages.ui.src.banner",
                                               "apps.web.src.main.start"}),
        ("packages.shared.src.math.lerp", 1, {"apps.web.src.main.start"}),   # `@acme/shared/math` subpath
        ("packages.ui.src.banner", 1, {"apps.web.src.main.start"}),          # `main: dist/index.js` -> src
    ],
    "tsx_components": [
        ("src.components.Button.Button", 1, {"src.components.Card.Card", "src.App.App"}),
        ("src.components.Card.Card", 2, {"src.App.App", "src.components.Modal.Modal.render"}),
        ("src.icons.Star", 1, {"src.components.Card.Card"}),                 # <Icons.Star /> on a namespace
        ("src.hooks.useCounter.useCounter", 1, {"src.App.App"}),
        ("src.components.Modal.Modal", 1, {"src.App.App"}),                  # `~/components/Modal` paths alias
    ],
}

# fixture -> (caller, target) pairs that must never be a resolved edge: same-named definitions
# the caller does not import
WRONG = {
    "js_mixed": [("app.main.report", "scripts.decoy.add"), ("app.cli.run", "scripts.decoy.fmt"),
                 ("app.cli.run", "scripts.decoy.shout"), ("app.main.report", "scripts.decoy.fmt"),
                 ("lib.math.mul", "scripts.decoy.add"), ("app.cli.run", "lib.counter.Counter")],
    "ts_paths": [("src.app.main", "src.legacy.store.createStore"), ("src.app.main", "src.legacy.store.Store"),
                 ("src.app.main", "src.legacy.store.Store.constructor"),
                 ("src.models.user.User.describe", "src.legacy.store.slug"),
                 ("src.models.base.Model.constructor", "src.legacy.store.Store.constructor")],
    "ts_workspace": [("apps.web.src.seed.seed", "tools.seed.greet"), ("apps.web.src.seed.seed", "packages.shared.src.greet"),
                     ("apps.web.src.main.start", "tools.seed.greet")],
    "tsx_components": [("src.App.App", "src.legacy.Button.Button"), ("src.components.Card.Card", "src.legacy.Button.Button"),
                       ("src.App.App", "src.legacy.Button.Card")],
}

# fixture -> (caller, callee as written, resolution the site must carry)
LABELS = {
    "js_mixed": [("app.main.report", "chalk.green", "external"), ("app.main.lost", "gone", "unresolved"),
                 ("app.main.report", "console.log", "builtin"), ("app.cli.run", "path.join", "external"),
                 ("app.main.report", "math.mul", "import"), ("app.cli.run", "new Counter", "import"),
                 ("app.cli.run", "Counter.create", "import"), ("lib.legacy.banner", "exports.pad", "local"),
                 ("lib.math.mul", "add", "local")],
    "ts_paths": [("src.app.main", "express", "external"), ("src.app.main", "missing", "unresolved"),
                 ("src.models.user.User.persist", "super.persist", "self"),
                 ("src.core.store.Store.save", "this.validate", "self")],
    "ts_workspace": [("apps.web.src.main.start", "createRoot", "external"),
                     ("apps.web.src.main.start", "notExported", "unresolved"),   # not exported by the package root
                     ("apps.web.src.seed.seed", "greet", "external")],           # tools/* is not a workspace member
    "tsx_components": [("src.hooks.useCounter.useCounter", "useState", "external"),
                       ("src.App.App", "Card", "import"), ("src.components.Card.Card", "Icons.Star", "import")],
}


@pytest.fixture(scope="module")
def indexed(tmp_path_factory):
    """Every JS/TS fixture project, copied and indexed once for this module."""
    base = tmp_path_factory.mktemp("jsrepos")
    roots = {}
    for name in CALLERS:
        roots[name] = copy_repo(name, base)
        index_workspace(roots[name], jobs=1)
    return roots


def _qual_edges(conn) -> dict[tuple[str, str], str]:
    return {(c, t): how for c, t, how in conn.execute(
        "SELECT s.qualname, t.qualname, c.resolution FROM calls c JOIN symbols s ON s.id = c.caller_id"
        " JOIN symbols t ON t.id = c.target_id")}


@pytest.mark.parametrize("fixture", sorted(CALLERS))
def test_every_definition_is_indexed_without_errors(indexed, fixture):
    conn = open_reader(indexed[fixture])
    bad = conn.execute("SELECT path, status, error FROM files WHERE status != 'ok'").fetchall()
    assert not bad
    quals = {q for (q,) in conn.execute("SELECT qualname FROM symbols")}
    wanted = {t for t, _, _ in CALLERS[fixture]} | {c for _, _, cs in CALLERS[fixture] for c in cs}
    assert wanted <= quals, sorted(wanted - quals)


@pytest.mark.parametrize("fixture,target,depth,expected",
                         [pytest.param(f, t, d, e, id=f"{f}:{t}") for f in CALLERS for t, d, e in CALLERS[f]])
def test_blast_radius_finds_every_expected_caller(indexed, fixture, target, depth, expected):
    conn = open_reader(indexed[fixture])
    walk = graph.walk(conn, graph.resolve_targets(conn, target), "up", depth)
    assert {h.symbol for h in walk.hits} == expected


@pytest.mark.parametrize("fixture", sorted(WRONG))
def test_no_resolved_edge_to_a_decoy(indexed, fixture):
    conn = open_reader(indexed[fixture])
    edges = _qual_edges(conn)
    for caller, target in WRONG[fixture]:
        assert edges.get((caller, target)) not in RESOLVED, (caller, target)
    # and no possible edge crosses from this fixture's calls into another language
    crossing = conn.execute(
        "SELECT count(*) FROM calls c JOIN files a ON a.id = c.file_id JOIN symbols t ON t.id = c.target_id"
        " JOIN files b ON b.id = t.file_id WHERE c.resolution = 'possible' AND a.language != b.language").fetchone()[0]
    assert crossing == 0


@pytest.mark.parametrize("fixture", sorted(LABELS))
def test_call_sites_carry_their_labels(indexed, fixture):
    conn = open_reader(indexed[fixture])
    for caller, callee, how in LABELS[fixture]:
        rows = {r for (r,) in conn.execute(
            "SELECT c.resolution FROM calls c JOIN symbols s ON s.id = c.caller_id WHERE s.qualname = ? AND c.callee = ?"
            " AND c.kind != 'read'",
            (caller, callee))}
        assert rows == {how}, (caller, callee, rows)


def test_the_imports_table_keeps_re_exports_and_destructured_requires(indexed):
    conn = open_reader(indexed["js_mixed"])
    rows = set(conn.execute("SELECT f.path, i.module, i.symbol, i.alias FROM imports i JOIN files f ON f.id = i.file_id"
                            " WHERE f.path IN ('lib/index.js', 'app/cli.cjs')"))
    assert ("lib/index.js", "./math.js", "*", "*") in rows
    assert ("lib/index.js", "./math.js", "default", "square") in rows
    assert ("lib/index.js", "./text.cjs", "fmt", "format") in rows
    assert ("app/cli.cjs", "../lib/text.cjs", "shout", "yell") in rows
    kinds = {(n, k, v) for n, k, v in conn.execute(
        "SELECT b.name, b.kind, b.value FROM bindings b JOIN files f ON f.id = b.file_id WHERE f.path = 'lib/counter.cjs'"
        " OR f.path = 'app/main.mjs' OR f.path = 'lib/math.js'")}
    assert ("sq", "default_import", "") in kinds            # `import sq from` is the default export
    assert ("default", "export", "square") in kinds
    assert ("exports", "cjs_export", "Counter") in kinds


def test_a_new_file_resolves_a_call_that_pointed_nowhere(tmp_path):
    root = copy_repo("js_mixed", tmp_path)
    index_workspace(root, jobs=1)
    (root / "app" / "missing.js").write_text("export function gone() {\n  return 1;\n}\n")
    index_workspace(root, jobs=1)
    conn = open_reader(root)
    assert _qual_edges(conn).get(("app.main.lost", "app.missing.gone")) == "import"


def test_yarn_workspaces_object_form_and_tsconfig_extends_from_a_parent_folder(tmp_path):
    root = tmp_path / "mono"
    (root / "libs" / "core" / "src").mkdir(parents=True)
    (root / "site" / "src").mkdir(parents=True)
    (root / "package.json").write_text(json.dumps({"private": True, "workspaces": {"packages": ["libs/**"]}}))
    (root / "tsconfig.base.json").write_text('{"compilerOptions": {"paths": {"#core/*": ["libs/core/src/*"]}}}')
    (root / "site" / "tsconfig.json").write_text('{"extends": "../tsconfig.base.json"}')
    (root / "libs" / "core" / "package.json").write_text(json.dumps({
        "name": "core-lib", "exports": {"./*": {"types": "./dist/*.d.ts", "default": "./dist/*.js"}}}))
    (root / "libs" / "core" / "src" / "time.ts").write_text("export function now(): number {\n  return 1;\n}\n")
    (root / "site" / "src" / "page.ts").write_text(
        "import { now } from 'core-lib/time';\nimport { now as later } from '#core/time';\n"
        "export function render() {\n  return now() + later();\n}\n")
    index_workspace(root, jobs=1)
    conn = open_reader(root)
    rows = conn.execute("SELECT c.callee, c.resolution, t.qualname FROM calls c LEFT JOIN symbols t ON t.id = c.target_id"
                        " WHERE c.kind = 'call' ORDER BY c.col").fetchall()
    assert rows == [("now", "import", "libs.core.src.time.now"), ("later", "import", "libs.core.src.time.now")]


def test_a_js_call_never_resolves_to_a_python_definition(tmp_path):
    (tmp_path / "tools.py").write_text("def build():\n    pass\n")
    (tmp_path / "web.js").write_text("import { build } from './tools';\nfunction go() {\n  build();\n  other.build();\n}\n")
    index_workspace(tmp_path, jobs=1)
    conn = open_reader(tmp_path)
    rows = conn.execute("SELECT c.callee, c.resolution, c.target_id FROM calls c JOIN files f ON f.id = c.file_id"
                        " WHERE f.path = 'web.js' AND c.kind = 'call' ORDER BY c.col").fetchall()
    assert rows == [("build", "unresolved", None), ("other.build", "unresolved", None)]


def test_jsonc_keeps_globs_inside_strings():
    text = '{\n  // c\n  "paths": {"@app/*": ["src/*"], /* x */ "a": "http://b",},\n}'
    assert json.loads(jsproject.strip_jsonc(text)) == {"paths": {"@app/*": ["src/*"], "a": "http://b"}}


def test_pnpm_workspace_yaml_block_and_flow_lists():
    block = "# top\npackages:\n  - 'packages/*'\n  - \"apps/**\"  # apps\n\n  - '!**/test/**'\ncatalog:\n  react: 18\n"
    assert jsproject.pnpm_packages(block) == ["packages/*", "apps/**", "!**/test/**"]
    assert jsproject.pnpm_packages("packages: ['a/*', \"b\"]\n") == ["a/*", "b"]
    assert jsproject.pnpm_packages("name: x\n") == []


def test_workspace_globs():
    assert jsproject.glob_regex("packages/*").match("packages/ui")
    assert not jsproject.glob_regex("packages/*").match("packages/ui/inner")
    assert jsproject.glob_regex("apps/**").match("apps/web/admin")
    assert jsproject.glob_regex("./libs/*").match("libs/core")


def test_package_exports_conditions_and_patterns():
    exports = {".": {"types": "./dist/index.d.ts", "import": "./esm/index.js", "default": "./cjs/index.js"},
               "./feature/*": "./dist/feature/*.js", "./internal/*": None}
    assert jsproject.export_targets(exports, ".") == ["./esm/index.js", "./cjs/index.js", "./dist/index.d.ts"]
    assert jsproject.export_targets(exports, "./feature/a/b") == ["./dist/feature/a/b.js"]
    assert jsproject.export_targets(exports, "./internal/x") == []
    assert jsproject.export_targets(exports, "./other") == []
    assert jsproject.export_targets("./main.js", ".") == ["./main.js"]
    assert jsproject.export_targets(None, ".") is None


def _call_rows(root) -> list[tuple]:
    conn = open_reader(root)
    rows = sorted(conn.execute(
        "SELECT f.path, c.line, c.col, s.qualname, c.callee, c.resolution, coalesce(t.qualname, ''), c.candidates"
        " FROM calls c JOIN files f ON f.id = c.file_id JOIN symbols s ON s.id = c.caller_id"
        " LEFT JOIN symbols t ON t.id = c.target_id"))
    conn.close()
    return rows


def test_edits_leave_the_same_rows_as_a_clean_index(tmp_path):
    live = copy_repo("ts_paths", tmp_path / "live")
    index_workspace(live, jobs=1)
    before = _call_rows(live)
    edits = {
        "src/core/index.ts": "export * from './store';\n",                      # drops the makeStore alias
        "src/utils/index.ts": ("export function slugify(text: string): string {\n  return text;\n}\n\n"
                               "function log(message: string): void {\n  console.log(slugify(message));\n}\n\n"
                               "export default log;\n"),                         # slug renamed
    }
    for path, text in edits.items():
        (live / path).write_text(text)
    index_workspace(live, jobs=1)
    clean = tmp_path / "clean" / "ts_paths"
    shutil.copytree(live, clean, ignore=shutil.ignore_patterns(".graphmind"))
    index_workspace(clean, jobs=1)
    after = _call_rows(live)
    assert after == _call_rows(clean)
    assert after != before
    labels = {(r[3], r[4]): r[5] for r in after}
    assert labels[("src.app.main", "makeStore")] == "unresolved"
    assert labels[("src.models.user.User.describe", "slug")] == "unresolved"
