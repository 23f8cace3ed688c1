"""Decorators that put a wrapper of their own in place of a function: a call reaches the wrapper too,
stacked decorators pass the inner wrapper on, and edits to any of the three files (decorator,
decorated function, caller) leave the same rows as a clean index."""
from __future__ import annotations

from pathlib import Path

from graphmind.index.indexer import index_workspace
from graphmind.query.export import call_graph
from graphmind.store import open_reader

from langcases import assert_equals_clean, indexed_workspace

GUARDS = '''def logged(func):
    def wrapper(*args):
        return func(*args)
    return wrapper


def timed(func):
    def clock(*args):
        return func(*args)
    return clock
'''

TASKS = '''from guards import logged, timed


@logged
def build(x):
    return x


@logged
@timed
def deploy(x):
    return x
'''

MAIN = '''from tasks import build, deploy


def main():
    build(1)
    deploy(2)
'''


def _workspace(tmp_path: Path) -> Path:
    return indexed_workspace(tmp_path, {"guards.py": GUARDS, "tasks.py": TASKS, "main.py": MAIN})


def test_a_call_reaches_the_function_and_the_outermost_wrapper(tmp_path):
    graph = call_graph(_workspace(tmp_path))
    assert graph["main.main"] == ["guards.logged.wrapper", "tasks.build", "tasks.deploy"]


def test_stacked_decorators_pass_the_inner_wrapper_to_the_outer_one(tmp_path):
    graph = call_graph(_workspace(tmp_path))
    assert graph["guards.logged.wrapper"] == ["guards.timed.clock", "tasks.build"]
    assert graph["guards.timed.clock"] == ["tasks.deploy"]


def test_a_decorator_that_stops_wrapping_is_followed_incrementally(tmp_path):
    work = _workspace(tmp_path)
    (work / "guards.py").write_text(GUARDS.replace("    return wrapper\n", "    return func\n"))
    index_workspace(work)
    assert call_graph(work)["main.main"] == ["guards.timed.clock", "tasks.build", "tasks.deploy"]
    assert_equals_clean(work, tmp_path)


def test_a_decorator_added_or_removed_is_followed_incrementally(tmp_path):
    work = _workspace(tmp_path)
    (work / "tasks.py").write_text(TASKS.replace("@logged\ndef build", "@timed\ndef build"))
    index_workspace(work)
    assert call_graph(work)["main.main"] == ["guards.logged.wrapper", "guards.timed.clock", "tasks.build",
                                             "tasks.deploy"]
    assert_equals_clean(work, tmp_path)
    (work / "tasks.py").write_text(TASKS.replace("@logged\n@timed\n", ""))
    index_workspace(work)
    assert call_graph(work)["main.main"] == ["guards.logged.wrapper", "tasks.build", "tasks.deploy"]
    assert_equals_clean(work, tmp_path)


DUAL = '''def unsafe(message):
    def decorator(func):
        def inner(*args):
            return func(*args)
        return inner
    if callable(message):
        return decorator(message)
    return decorator


class Registry:
    def add(self, func):
        return func

    def register(self, name=None):
        def dec(func):
            return self.add(func)

        def named(func):
            return self.register(name, func)
        if name is None:
            return dec
        if callable(name):
            return self.add(name)
        return named


registry = Registry()


@unsafe
def connect():
    return 1


@registry.register
def task():
    return 2


def main():
    connect()
    task()


def twice():
    @unsafe
    def step():
        return 1
    step()

    @unsafe
    def step():
        return 2
    step()
'''


def test_a_closure_that_is_itself_a_decorator_is_no_wrapper(tmp_path):
    """`unsafe` used bare returns `inner` (a wrapper: it calls `func`), not `decorator`, which it returns
    when called with a message; `register`'s `dec` only passes its own parameter on."""
    work = tmp_path / "work"
    work.mkdir()
    (work / "dual.py").write_text(DUAL)
    index_workspace(work)
    graph = call_graph(work)
    assert graph["dual.main"] == ["dual.connect", "dual.task", "dual.unsafe.decorator.inner"]
    assert graph["dual.unsafe.decorator.inner"] == ["dual.connect", "dual.twice.step"]   # names defined twice: as before


FACTORIES = '''import functools


def retry(times):
    def deco(fn):
        @functools.wraps(fn)
        def attempt(*args):
            return fn(*args)
        return attempt
    return deco


class App:
    def __init__(self):
        self.views = {}

    def route(self, rule):
        def register(view):
            self.views[rule] = view
            return view
        return register


app = App()
'''

USES = '''import functools

from factories import app, retry


@retry(times=3)
def load(key):
    return key


@app.route("/")
def index():
    return 1


@functools.lru_cache(maxsize=None)
def cached():
    return 2


def main():
    load(1)
    index()
    cached()
'''


def test_a_decorator_factory_s_wrapper_is_reached_a_registering_one_adds_none(tmp_path):
    """`@retry(times=3)` applies what `retry(times=3)` returns, `deco`, whose `attempt` wraps `load`;
    `@app.route("/")` applies `register`, which returns the view itself; an outside factory adds nothing."""
    work = indexed_workspace(tmp_path, {"factories.py": FACTORIES, "uses.py": USES})
    graph = call_graph(work)
    assert graph["uses.main"] == ["factories.retry.deco.attempt", "uses.cached", "uses.index", "uses.load"]
    assert graph["factories.retry.deco.attempt"] == ["uses.load"]
    assert graph["uses"] == ["factories.App.route", "factories.App.route.register", "factories.retry",
                             "factories.retry.deco"]
    conn = open_reader(work)          # an outside factory's decorator is outside too, not an unresolved site
    assert conn.execute("SELECT DISTINCT callee, resolution FROM calls WHERE kind = 'decorator' AND callee LIKE"
                        " 'functools.%' ORDER BY 1").fetchall() == [("functools.lru_cache(maxsize=None)", "external"),
                                                                    ("functools.wraps(fn)", "external")]


def test_a_factory_that_starts_or_stops_wrapping_is_followed_incrementally(tmp_path):
    work = indexed_workspace(tmp_path, {"factories.py": FACTORIES, "uses.py": USES})
    wrapping = FACTORIES.replace("            self.views[rule] = view\n            return view\n",
                                 "            def guarded():\n                return view()\n            return guarded\n")
    for text in (wrapping, FACTORIES.replace("        return attempt\n", "        return fn\n"), FACTORIES):
        (work / "factories.py").write_text(text)
        index_workspace(work)
        assert_equals_clean(work, tmp_path)
        main = call_graph(work)["uses.main"]
        assert ("factories.App.route.register.guarded" in main) == (text is wrapping)
        assert ("factories.retry.deco.attempt" in main) == ("return attempt" in text)
    (work / "uses.py").write_text(USES.replace('@retry(times=3)', '@app.route("/load")'))
    index_workspace(work)
    assert_equals_clean(work, tmp_path)
    assert "factories.retry.deco.attempt" not in call_graph(work)["uses.main"]


REGISTRY = '''class Registry:
    def __init__(self):
        self.checks = []

    def register(self, check=None):
        def inner(check):
            self.checks.append(check)
            return check
        if callable(check):
            return inner(check)
        return inner


registry = Registry()


@registry.register()
def first():
    return 1


@registry.register()
def second():
    return 2


def third():
    return 3


def passthrough(func):
    return func


def main():
    registry.register()(third)()
    passthrough(first)()
'''


def test_a_function_returning_its_parameter_gives_what_this_call_passes(tmp_path):
    """`inner` returns the check it is passed: `register()(third)` is `third`, not every function ever
    registered; `passthrough(first)` is `first`."""
    graph = call_graph(indexed_workspace(tmp_path, {"checks.py": REGISTRY}))
    assert graph["checks.main"] == ["checks.Registry.register", "checks.Registry.register.inner", "checks.first",
                                    "checks.passthrough", "checks.third"]


def test_a_decorator_factory_deleted_or_renamed_is_followed_incrementally(tmp_path):
    """A decorator written as a call (`@retry(times=3)`) is a site whose name is its whole text: when
    the factory's definition goes (or comes back), that site is resolved again like every call
    naming it (seen on Django: `@login_required(login_url=…)` kept its edge to the closure of a
    deleted `login_required`)."""
    work = indexed_workspace(tmp_path, {"factories.py": FACTORIES, "uses.py": USES})
    assert "factories.retry.deco" in call_graph(work)["uses"]
    for text in (FACTORIES.replace("def retry(", "def retry_later("), FACTORIES):
        (work / "factories.py").write_text(text)
        index_workspace(work)
        assert ("factories.retry.deco" in call_graph(work)["uses"]) == (text is FACTORIES)
        assert_equals_clean(work, tmp_path)
