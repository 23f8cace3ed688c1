"""The organisation graph on a real PostgreSQL server (tests/pgserver.py): publish, cross-repository
edges bound at query time, re-exports, and the org walk equal to one merged workspace's."""
from __future__ import annotations

import json
import os
import subprocess

import pytest
from conftest import run_cli
from orgkit import answer_set, copy_repos, local_walk, merged, org_walk, rows_of

from graphmind.edgekinds import ALL_KINDS, CALL_KINDS

TARGETS = ["libpkg.helpers._quote", "libpkg.helpers.url_for", "libpkg.models.Model", "libpkg.models.Model.__init__",
           "libpkg.models.Model.link",
           "webapp.views.home", "webapp.views.make",
           # star re-exports, super() in a class with an outside base or in a mixin, imports within a function
           "libpkg.api.client.Client", "libpkg.api.client.Client.request", "libpkg.api.client.Client.send",
           # a method reached through a path of calls on another repository's names (org/chains.py)
           "libpkg.signals.Signal.send",
           # a package whose stub defines the name its `__init__.py` imports (attrs' `__init__.pyi`)
           "libpkg.stubbed.impl.fields", "libpkg.stubbed.names",
           # a class re-exported through a module that imports it (httpx: `__init__` star-imports `_api`)
           "libpkg.net._client.Session.put",
           # overrides the library's `self.send()` in `Client.request` dispatches to (directly and through an override here)
           "webapp.clients.Aliased.send", "webapp.clients.Patient.send",
           # a class of one repository built through the constructor it inherits from another
           "libpkg.api.client.ClientError.__init__",
           # a module-level instance of the library's class (pytest's MARK_GEN): its methods, the classes its
           # attributes are annotated with called, what they return applied as a decorator; a decorator factory
           "libpkg.marks.MarkDecorator.__call__", "libpkg.marks._ParametrizeMarkDecorator.__call__",
           "libpkg.marks.MarkGenerator.clear", "libpkg.marks.fixture", "libpkg.marks.fixture.decorator",
           # a decorator factory annotated to return an instance of a class with `__call__` (click's `command`)
           "libpkg.marks.Command.__call__",
           # a module-level variable annotated with the library's class, assigned a proxy (flask's current_app)
           "libpkg.marks.Registry.lookup",
           # another repository's class returned by a repository's method, function or module-level instance
           # (flask's `current_app.create_url_adapter() -> MapAdapter | None`)
           "libpkg.routing.Adapter.match", "libpkg.routing.Adapter.build",
           # an attribute annotated in a base's class body, read through another repository's subclass
           # (werkzeug's `Response.headers`, flask's `Response`, flask-limiter's `response.headers.set()`)
           "libpkg.headers.Headers.set",
           # a module-level proxy annotated with a subclass of the library's class, re-exported (flask's `request`)
           "libpkg.wrappers.request.Request.get_json", "webapp.wrappers.Request.on_json_loading_failed",
           # a function one repository passes to another's method, which calls it back (pytest's HookRecorder, pluggy)
           "webapp.recorder.HookRecorder.__init__.before", "webapp.recorder.RecordedCall",
           # implicit calls on another repository's values: `response.headers[k] = v`, `with Session() as s:`
           "libpkg.headers.Headers.__setitem__", "libpkg.net._client.Session.__enter__",
           # a call of what this repository's function returns (typer's `get_command(self)(*args)`: click's `Command`)
           "libpkg.marks.Command.main",
           # an attribute this repository's class inherits from another's, on a local assigned several values
           # (flask's `rv.headers.update(…)` in `Flask.make_response`)
           "libpkg.headers.Headers.add",
           # a property read in another repository reaches the getter, not the setter sharing its key (semver's
           # `Version.major`: `@property def major`, then `@major.setter def major`)
           "libpkg.version._checked", "libpkg.version._readonly"]


@pytest.fixture
def published(tmp_path, org_db):
    """The three fixture repositories published, the application first (order must not matter)."""
    from graphmind.org.publish import publish
    repos = copy_repos(tmp_path)
    for name in ("service", "webapp", "libpkg"):
        publish(repos[name], org_db, name)
    return repos, org_db


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("kinds", [ALL_KINDS, CALL_KINDS], ids=["all", "calls"])
def test_org_blast_radius_equals_merged_workspace(tmp_path, published, target, kinds):
    _, url = published
    oracle = local_walk(merged(tmp_path), target, 3, kinds)
    org = org_walk(url, target, 3, kinds)
    assert oracle.hits, "the oracle must have something to compare"
    assert answer_set(org.hits) == answer_set(oracle.hits)


def test_cross_repository_rows_carry_repo_and_qualified_target(published):
    repos, url = published
    org = org_walk(url, "libpkg.helpers.url_for", 3, ALL_KINDS)
    by_symbol = {h.symbol: h for h in org.hits}
    assert by_symbol["webapp.views.home"].repo == "webapp"
    assert by_symbol["webapp.views.home"].resolution == "external"
    assert by_symbol["service.main.run"].repo == "service"
    assert by_symbol["service.main.run"].depth == 3
    assert by_symbol["service.main.run"].path == ["service.main.run", "webapp.api.handler", "webapp.views.home",
                                                 "libpkg.helpers.url_for"]
    rows = rows_of(url, "webapp")
    keys = {r[2] for r in rows["uses"]}
    assert {"libpkg.url_for", "libpkg.Model", "libpkg.helpers.url_for"} <= keys


def test_re_export_names_the_library_symbol(published):
    _, url = published
    org = org_walk(url, "libpkg.url_for", 1, CALL_KINDS)
    assert [t.qualname for t in org.targets] == ["libpkg.helpers.url_for"]


def test_republished_library_relinks_its_users(published, tmp_path):
    """The library moves url_for to another module, keeping the re-export: users (not republished) follow."""
    from graphmind.index.indexer import index_workspace
    from graphmind.org.publish import publish
    repos, url = published
    lib = repos["libpkg"]
    (lib / "libpkg" / "routing.py").write_text((lib / "libpkg" / "helpers.py").read_text())
    (lib / "libpkg" / "helpers.py").unlink()
    for path in (lib / "libpkg" / "__init__.py", lib / "libpkg" / "models.py"):
        path.write_text(path.read_text().replace("helpers", "routing"))
    index_workspace(lib)
    assert publish(lib, url, "libpkg").changed
    org = org_walk(url, "libpkg.routing.url_for", 1, CALL_KINDS)
    assert {"webapp.views.home", "webapp.views.Page.render"} <= {h.symbol for h in org.hits}
    # the module-path use `libpkg.helpers.url_for(1)` no longer names anything published: not linked
    assert "webapp.views.direct" not in {h.symbol for h in org.hits}


def test_unchanged_republish_writes_nothing(published):
    from graphmind.org.publish import publish
    repos, url = published
    before = rows_of(url, "webapp")
    again = publish(repos["webapp"], url, "webapp")
    assert not again.changed
    assert rows_of(url, "webapp") == before


def test_cli_publish_defaults_and_org_commands_from_any_folder(tmp_path, org_db):
    repos = copy_repos(tmp_path)
    lib = repos["libpkg"]
    subprocess.run(["git", "init", "-q"], cwd=lib, check=True)
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x", "--allow-empty"],
                   cwd=lib, check=True)
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=lib, capture_output=True, text=True).stdout.strip()
    done = json.loads(run_cli("publish", "--db", org_db, "--json", cwd=lib, check=True).stdout)
    assert (done["repo"], done["commit"], done["changed"]) == ("libpkg", head, True)
    os.environ["GRAPHMIND_ORG_DB"] = org_db
    try:
        run_cli("publish", cwd=repos["webapp"], check=True)
        run_cli("publish", "--commit", "v9", cwd=repos["service"], check=True)
        listed = json.loads(run_cli("org", "repos", "--json", cwd=tmp_path, check=True).stdout)
        assert [(r["repo"], r["commit"]) for r in listed["repositories"]] == [
            ("libpkg", head), ("service", "v9"), ("webapp", None)]
        doc = json.loads(run_cli("org", "blast-radius", "libpkg.helpers._quote", "--depth", "4", "--json",
                                 cwd=tmp_path, check=True).stdout)
        text = run_cli("org", "callers", "webapp.views.home", cwd=tmp_path, check=True).stdout
    finally:
        del os.environ["GRAPHMIND_ORG_DB"]
    assert doc["targets"][0]["repo"] == "libpkg"
    row = next(r for r in doc["callers"] if r["symbol"] == "service.main.run")
    assert (row["repo"], row["commit"], row["depth"], row["file"]) == ("service", "v9", 4, "service/main.py")
    assert {"start_line", "end_line", "signature", "kinds", "resolution", "path"} <= set(row)
    assert "webapp webapp/api.py:4-5 def handler()" in text
    from test_json_schemas import validate
    validate("publish", done)
    validate("org-repos", listed)
    validate("org-walk", doc)


def test_symbol_not_published_is_a_clear_error(published, tmp_path):
    _, url = published
    proc = run_cli("org", "blast-radius", "nothing.here", "--db", url, cwd=tmp_path)
    assert proc.returncode == 3 and proc.stderr.startswith("error: No symbol by that name")


def test_mcp_offers_org_blast_radius_when_a_database_is_configured(published, tmp_path):
    import sys

    import anyio
    from jsonschema import Draft202012Validator
    from mcp import ClientSession, StdioServerParameters, stdio_client

    from graphmind.agent import schemas
    repos, url = published

    async def main(env_url):
        env = {"PYTHONUTF8": "1", "PATH": os.environ.get("PATH", "")} | ({"GRAPHMIND_ORG_DB": env_url} if env_url else {})
        params = StdioServerParameters(command=sys.executable, args=["-m", "graphmind", "mcp", "--no-daemon", "--root",
                                                                     str(repos["service"])], env=env)
        with open(tmp_path / "server.log", "w") as errlog:
            async with stdio_client(params, errlog=errlog) as (read, write):
                async with ClientSession(read, write, read_timeout_seconds=120) as session:
                    await session.initialize()
                    tools = {t.name: t for t in (await session.list_tools()).tools}
                    if not env_url:
                        return tools, None
                    return tools, await session.call_tool("org_blast_radius", {"symbol": "libpkg.url_for", "depth": 3})
    tools, _ = anyio.run(main, None)
    assert "org_blast_radius" not in tools
    tools, result = anyio.run(main, url)
    assert tools["org_blast_radius"].output_schema == schemas.outline(schemas.ORG_TOOLS["org_blast_radius"])
    assert not result.is_error, result.content[0].text
    text = result.content[0].text
    assert "service service/main.py:5-7 def run()" in text and "webapp webapp/views.py:10-11 def home()" in text
    doc = result.structured_content
    assert not list(Draft202012Validator(schemas.schema("org-walk")).iter_errors(doc))
    run = next(r for r in doc["callers"] if r["symbol"] == "service.main.run")
    assert (run["repo"], run["file"], run["depth"]) == ("service", "service/main.py", 3)


def test_walk_past_its_time_limit_says_so(published):
    from graphmind.org import answers, database, walk
    _, url = published
    conn = database.connect(url)
    try:
        w = walk.walk(conn, answers.targets(conn, "libpkg.helpers._quote"), 3, time_limit=0.0)
        assert (w.truncated, w.complete_depth, w.hits) == ("time", 0, [])
        w = walk.walk(conn, answers.targets(conn, "libpkg.helpers._quote"), 3)     # the connection still answers
        assert w.truncated is None and w.complete_depth == 3 and w.hits
    finally:
        conn.close()


def test_star_import_re_exports_are_followed(published):
    """`from .client import *` in libpkg/api/__init__.py: `libpkg.api.Client` names libpkg.api.client.Client."""
    _, url = published
    org = org_walk(url, "libpkg.api.Client", 1, ALL_KINDS)
    assert [t.qualname for t in org.targets] == ["libpkg.api.client.Client"]
    kinds = {h.symbol: h.kinds for h in org.hits}
    assert kinds["webapp.clients.typed"] == ["reference"]
    assert kinds["webapp.clients.Mine"] == ["inherit"]


def test_super_call_reaches_the_outside_base_and_the_mixins_next_class(published):
    """`super().request()` in a subclass of another repository's class is a call of the base's method (besides
    the override); `super().send()` in a mixin listed before that class runs the class's method."""
    _, url = published
    request = {h.symbol: h for h in org_walk(url, "libpkg.api.client.Client.request", 1, ALL_KINDS).hits}
    assert request["webapp.clients.Mine.request"].kinds == ["call", "override"]
    assert request["webapp.clients.quoted"].kinds == ["call"]          # a parameter annotated with a string
    send = {h.symbol: h for h in org_walk(url, "libpkg.api.client.Client.send", 1, CALL_KINDS).hits}
    assert send["webapp.clients.Retrying.send"].kinds == ["call"]


def test_imports_inside_a_function_list_the_module_without_walking_through_it(published):
    """`from libpkg.api.client import Client` inside pooled(): the merged walk lists an import of the module
    beside the call when both are found; the published `link` rows give that kind."""
    _, url = published
    hits = {h.symbol: h for h in org_walk(url, "libpkg.helpers._quote", 2, ALL_KINDS).hits}
    assert hits["libpkg.api.client"].depth == 1
    assert (hits["libpkg.api.pool.pooled"].depth, hits["libpkg.api.pool.pooled"].kinds) == (2, ["call", "import"])
    links = [r for r in rows_of(url, "libpkg")["edges"] if r[4] == "link"]
    assert links and all(r[5] == "import" for r in links)


def test_receiver_built_by_calls_on_another_repositorys_names(published):
    """`saved.send()` where `saved = _signals.signal("saved")` and `_signals = Namespace()` (webapp/events.py,
    imported): the library publishes what `libpkg.Namespace().signal()` stands for (its return annotation),
    and the walk reaches Signal.send through NamedSignal, which does not override it; `Client().send()` too."""
    _, url = published
    hits = {h.symbol: h for h in org_walk(url, "libpkg.signals.Signal.send", 1, CALL_KINDS).hits}
    assert (hits["webapp.store.save"].kinds, hits["webapp.store.save"].resolution) == (["call"], "receiver")
    assert "webapp.store.fresh" in {h.symbol for h in org_walk(url, "libpkg.api.client.Client.send", 1, CALL_KINDS).hits}
    # service imports Namespace from webapp, which imports it from libpkg: the path's head re-read
    assert hits["service.audit.record"].kinds == ["call"]
    aliases = set(rows_of(url, "libpkg")["aliases"])
    assert ("libpkg", "libpkg.Namespace().signal()", "libpkg.signals.NamedSignal") in aliases


def test_values_returned_by_functions_without_an_annotation(published):
    """`client = libpkg.api.open_client(); client.send()`: open_client() has no return annotation, but
    returns `Client()` (and pooled_client() a local bound to one): the library publishes what the call
    stands for, as the resolver reads a function's `return` expressions."""
    _, url = published
    send = {h.symbol: h for h in org_walk(url, "libpkg.api.client.Client.send", 1, CALL_KINDS).hits}
    assert (send["webapp.store.opened"].kinds, send["webapp.store.opened"].resolution) == (["call"], "receiver")
    request = {h.symbol for h in org_walk(url, "libpkg.api.client.Client.request", 1, CALL_KINDS).hits}
    assert "webapp.store.reused" in request
    aliases = set(rows_of(url, "libpkg")["aliases"])
    assert ("libpkg", "libpkg.api.open_client()", "libpkg.api.client.Client") in aliases


def test_bound_method_alias_of_super_reaches_the_outside_base(published):
    """`super_send = super().send` … `super_send(path)` in an override of another repository's method: a call
    of the base's method besides the override, as the merged workspace resolves the alias."""
    _, url = published
    send = {h.symbol: h for h in org_walk(url, "libpkg.api.client.Client.send", 1, ALL_KINDS).hits}
    assert send["webapp.clients.Aliased.send"].kinds == ["call", "override"]


def test_a_name_a_stub_defines_is_an_alias_of_what_the_package_imports(published):
    """`libpkg/stubbed/__init__.pyi` defines `fields`, `__init__.py` imports it from `.impl`: users of
    `libpkg.stubbed.fields` depend on impl's definition (what runs, as the resolver binds them; issue 34),
    not on the stub's; and the export invents no alias the package does not import (`names`)."""
    _, url = published
    impl = {h.symbol: h for h in org_walk(url, "libpkg.stubbed.impl.fields", 1, ALL_KINDS).hits}
    assert impl["webapp.described.described"].kinds == ["call"]
    assert "webapp.described.described" not in {h.symbol for h in org_walk(url, "libpkg.stubbed.fields", 2, ALL_KINDS).hits}
    assert "webapp.described.listed" not in {h.symbol for h in org_walk(url, "libpkg.stubbed.impl.names", 2, ALL_KINDS).hits}
    stub = {h.symbol: h for h in org_walk(url, "libpkg.stubbed.names", 1, ALL_KINDS).hits}   # the stub's own name
    assert stub["webapp.described.listed"].kinds == ["call", "import"]


def test_values_returned_by_this_repositorys_own_functions(published):
    """`self.client().send()` where the method is annotated `-> libpkg.api.Client`, and `make_client().request()`
    where make_client() returns `libpkg.api.Client()`: the receiver is what the user's own function returns."""
    _, url = published
    assert "webapp.store.Store.save" in {h.symbol for h in org_walk(url, "libpkg.api.client.Client.send", 1, CALL_KINDS).hits}
    assert "webapp.store.via_factory" in {h.symbol for h in org_walk(url, "libpkg.api.client.Client.request", 1, CALL_KINDS).hits}


def test_an_attribute_of_the_librarys_class_read_through_another_repositorys_subclass(published):
    """`response.headers.set()` with `response: webapp.wrappers.Response`, a subclass of the library's
    `Response(BaseResponse)` whose class body annotates `headers: Headers`: a call of `Headers.set`."""
    _, url = published
    hits = {h.symbol: h for h in org_walk(url, "libpkg.headers.Headers.set", 1, CALL_KINDS).hits}
    assert hits["service.limits.inject_headers"].kinds == ["call"]


def test_implicit_calls_on_another_repositorys_values_are_published(published):
    """`response.headers["X-RateLimit-Limit"] = "10"` runs the library's `Headers.__setitem__`, and
    `with libpkg.net.Session() as session:` its `Session.__enter__`: `implicit` edges, as inside one workspace."""
    _, url = published
    hits = {h.symbol: h for h in org_walk(url, "libpkg.headers.Headers.__setitem__", 1, CALL_KINDS).hits}
    assert hits["service.limits.inject_headers"].kinds == ["implicit"]
    hits = {h.symbol: h for h in org_walk(url, "libpkg.net._client.Session.__enter__", 1, CALL_KINDS).hits}
    assert hits["service.upload.upload"].kinds == ["implicit"]


def test_an_attribute_inherited_from_another_repositorys_class_on_a_local_assigned_twice(published):
    """webapp's `rv = rv[0]` then `rv = self.response_class(rv)` (`response_class = Response`, webapp's subclass of
    the library's class annotating `headers: Headers`): `rv.headers.add(…)` calls the library's `Headers.add`."""
    _, url = published
    hits = {h.symbol: h for h in org_walk(url, "libpkg.headers.Headers.add", 1, CALL_KINDS).hits}
    assert hits["webapp.wrappers.Responder.make_response"].kinds == ["call"]


def test_a_call_of_the_value_a_function_here_returns(published):
    """typer's `get_command(self)(*args)`, `get_command` annotated `-> click.Command`: a call of `Command.__call__`."""
    _, url = published
    hits = {h.symbol: h for h in org_walk(url, "libpkg.marks.Command.__call__", 1, CALL_KINDS).hits}
    assert hits["webapp.cli.Typer.__call__"].kinds == ["call"]


def test_a_local_assigned_twice_is_each_of_its_values(published):
    """`res = view(…)` then `res = webapp.wrappers.make_response(res)` (`-> Response`, a subclass of the library's
    class annotating `headers: Headers`): `res.headers[k] = v` runs `Headers.__setitem__` (the resolver's union);
    `with Session() as session: session.put(…)` calls what `__enter__` returns."""
    _, url = published
    hits = {h.symbol: h for h in org_walk(url, "libpkg.headers.Headers.__setitem__", 1, CALL_KINDS).hits}
    assert hits["service.limits.error_handler.decorated"].kinds == ["implicit"]
    assert hits["service.limits.crossdomain.wrapped_function"].kinds == ["implicit"]     # `h = resp.headers`
    hits = {h.symbol: h for h in org_walk(url, "libpkg.net._client.Session.put", 1, CALL_KINDS).hits}
    assert hits["service.upload.upload"].kinds == ["call"]


def test_a_method_of_the_base_called_on_a_proxy_annotated_with_a_subclass(published):
    """`request.get_json()` with `from webapp import request`, `request: Request = LocalProxy(…)` and webapp's
    `Request(libpkg.wrappers.Request)` not defining `get_json`: a call of the library's method."""
    _, url = published
    hits = {h.symbol: h for h in org_walk(url, "libpkg.wrappers.request.Request.get_json", 1, CALL_KINDS).hits}
    assert hits["service.forms.wrap_formdata"].kinds == ["call"]


def test_a_function_passed_to_another_repository_is_called_back_there(published):
    """`pluginmanager.add_hookcall_monitoring(before, after)`, `before` nested in the caller, and the library's
    inner `traced_hookexec` calling its parameter `before(…)` (linked in its own index to the library's own
    `before` it passes too): the library's function calls the user's."""
    _, url = published
    hits = {h.symbol: h for h in org_walk(url, "webapp.recorder.HookRecorder.__init__.before", 1, CALL_KINDS).hits}
    assert hits["libpkg.hooks.PluginManager.add_hookcall_monitoring.traced_hookexec"].kinds == ["call"]


def test_a_method_is_found_through_a_subclass_of_a_subclass(published):
    """`ScopedSignal(NamedSignal(Signal))`, neither overriding send: `sig.send()` on a ScopedSignal runs Signal.send."""
    _, url = published
    hits = {h.symbol: h for h in org_walk(url, "libpkg.signals.Signal.send", 1, CALL_KINDS).hits}
    assert hits["webapp.store.scoped"].kinds == ["call"]


def test_a_member_is_found_through_two_re_exports_of_its_class(published):
    """`libpkg.net.Session` -> `libpkg.net._api.Session` -> `libpkg.net._client.Session`: an override of
    `libpkg.net.Session.put` and its `super().put()` are a use of the class's method."""
    _, url = published
    hits = {h.symbol: h for h in org_walk(url, "libpkg.net._client.Session.put", 1, ALL_KINDS).hits}
    assert hits["webapp.clients.Tester.put"].kinds == ["call", "override"]


def test_a_property_of_the_users_class_returning_another_repositorys_class(published):
    """`self.client.request()` where `client` is a property annotated `-> "libpkg.api.Client"`."""
    _, url = published
    assert "webapp.store.Proxy.go" in {h.symbol for h in org_walk(url, "libpkg.api.client.Client.request", 1, CALL_KINDS).hits}


def test_an_attribute_given_several_classes_is_each_of_them(published):
    """`self.conn = Client()` in one branch and `Session()` in the other: `self.conn.send()` is a use of each
    class's method (the resolver's union), so Client.send is reached."""
    _, url = published
    assert "webapp.clients.Either.go" in {h.symbol for h in org_walk(url, "libpkg.api.client.Client.send", 1, CALL_KINDS).hits}


def test_an_attribute_kept_from_an_annotated_parameter(published):
    """`self._client = client` with `client: Client` (or `Optional[Client]`): `self._client.request()` is a
    use of the library's method, as the merged workspace types it."""
    _, url = published
    assert "webapp.holders.Holder.fetch" in {h.symbol for h in org_walk(url, "libpkg.api.client.Client.request", 1, CALL_KINDS).hits}
    assert "webapp.holders.Holder.fallback" in {h.symbol for h in org_walk(url, "libpkg.api.client.Client.send", 1, CALL_KINDS).hits}


def test_a_method_inherited_by_this_repositorys_subclass_of_an_outside_class(published):
    """`self.client.send()` where the property returns `LocalClient(libpkg.api.Client)`, which does not define
    `send`: the use names the outside base's method."""
    _, url = published
    hits = {h.symbol for h in org_walk(url, "libpkg.api.client.Client.send", 1, CALL_KINDS).hits}
    assert "webapp.holders.Wrapper.fetch" in hits
    assert "webapp.holders.build" in {h.symbol for h in org_walk(url, "libpkg.api.client.Client.request", 1, CALL_KINDS).hits}


def test_a_value_returned_by_a_method_the_class_inherits_from_its_base_here(published):
    """`client = self.make_client()` in a subclass, `make_client` defined by its base in this repository with
    `-> Client`: `client.send()` is a use of the library's method."""
    _, url = published
    assert "webapp.holders.View.show" in {h.symbol for h in org_walk(url, "libpkg.api.client.Client.send", 1, CALL_KINDS).hits}


def test_an_attribute_of_a_parameter_typed_with_this_repositorys_class(published):
    """`holder._client.request()` with `holder: Holder` and `Holder.__init__` keeping `client: Client`."""
    _, url = published
    assert "webapp.holders.fetch_through" in {h.symbol for h in org_walk(url, "libpkg.api.client.Client.request", 1, CALL_KINDS).hits}


def test_self_seen_from_a_function_nested_in_a_method(published):
    """`self.client.send()` in a decorator's inner function reads `self` of the method it is nested in."""
    _, url = published
    assert "webapp.holders.Cached.cached.decorator.decorated" in {
        h.symbol for h in org_walk(url, "libpkg.api.client.Client.send", 1, CALL_KINDS).hits}


def test_republish_of_an_unchanged_index_does_not_read_its_graph(published):
    """The index's source (files' hashes, the code that filled it) is compared first: an unchanged one is not
    read (`read` False) and its rows stay; a new commit of the same source is recorded; an edit is read."""
    from graphmind.index.indexer import index_workspace
    from graphmind.org.publish import publish
    repos, url = published
    before = rows_of(url, "webapp")
    again = publish(repos["webapp"], url, "webapp", commit="c2")
    assert (again.read, again.changed, again.commit) == (False, False, "c2")
    after = rows_of(url, "webapp")
    assert again.symbols == len(before["symbols"]) and after.pop("repos") == [("webapp", "c2", again.digest)]
    assert after == {k: v for k, v in before.items() if k != "repos"}
    (repos["webapp"] / "webapp" / "views.py").write_text((repos["webapp"] / "webapp" / "views.py").read_text().replace("\n", "  \n", 1))
    index_workspace(repos["webapp"])
    edited = publish(repos["webapp"], url, "webapp")
    assert edited.read and not edited.changed            # trailing blanks: the same graph
    (repos["webapp"] / "webapp" / "extra.py").write_text("from libpkg import url_for\n\ndef more():\n    return url_for('x')\n")
    index_workspace(repos["webapp"])
    grown = publish(repos["webapp"], url, "webapp")
    assert grown.read and grown.changed
    assert "webapp.extra.more" in {h.symbol for h in org_walk(url, "libpkg.helpers.url_for", 1, CALL_KINDS).hits}


def test_a_class_whose_base_here_has_a_base_outside(published):
    """`class Deeper(LocalBase)`, `class LocalBase(libpkg.api.Client)`: `Deeper.request` overrides the library's
    `request` and its `self.send()` runs the library's `send`."""
    _, url = published
    assert "webapp.holders.Deeper.request" in {h.symbol for h in org_walk(url, "libpkg.api.client.Client.send", 1, CALL_KINDS).hits}
    hits = {h.symbol: h.kinds for h in org_walk(url, "libpkg.api.client.Client.request", 1, ALL_KINDS).hits}
    assert "override" in hits.get("webapp.holders.Deeper.request", [])


def test_no_use_names_the_standard_library(published):
    """No repository publishes the standard library: a test case's `self.assertTrue()` and `test_one` (an
    override of nothing `unittest.TestCase` defines) are not published as uses of `unittest.TestCase`."""
    _, url = published
    keys = {r[2] for r in rows_of(url, "webapp")["uses"]}
    assert not {k for k in keys if k.startswith("unittest.")}
    assert "libpkg.api.Client.test_fetch" in keys or "libpkg.api.client.Client.test_fetch" in keys


def test_a_property_read_in_another_repository_reaches_the_getter_not_the_setter(published):
    _, url = published
    via_getter = {h.symbol: h.kinds for h in org_walk(url, "libpkg.version._checked", 3, ALL_KINDS).hits}
    assert via_getter["webapp.releases.notes"] == ["property"]           # `current.major`, `current: Version`
    assert via_getter["webapp.releases.Release.label"] == ["property"]   # `self.major` in a subclass
    assert "webapp.releases.announce" in via_getter
    via_setter = {h.symbol for h in org_walk(url, "libpkg.version._readonly", 3, ALL_KINDS).hits}
    assert via_setter == {"libpkg.version.Version.major"}                 # the setter: read by nobody
