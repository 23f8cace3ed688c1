"""Argument rows (`bindings` of kind `args`, parameter <- argument flow) are written only for calls
that can reach a workspace function's parameters with a value; every edge they feed stays."""
from __future__ import annotations

from graphmind.index.indexer import index_workspace
from graphmind.store import open_reader

MAIN = '''from lib import Sink, register


def helper(thing, key=None):
    return thing.run()


class Job:
    def run(self):
        return 1


@register
def task(x):
    return x


@property
def size(self):
    return 3


def main(xs, job: Job):
    a = len(xs)
    print(job)
    isinstance(job, Job)
    helper(1, "s", a + 1, not a, *xs, **{})
    helper([x for x in xs], key=None)
    helper(lambda: 0)
    helper(job)
    helper(key=job)
    Sink().put(job)
    xs.append(job)
'''
LIB = '''class Sink:
    def put(self, item):
        return item.run()


def register(fn):
    return fn
'''
STAR = '''from lib import *


def go(job):
    return mystery(job), Sink().put(job)
'''


def _argument_rows(root):
    conn = open_reader(root)
    return sorted(value for value, in conn.execute("SELECT value FROM bindings WHERE kind='args'"))


def test_calls_that_pass_nothing_the_evaluator_reads_have_no_rows(tmp_path):
    (tmp_path / "main.py").write_text(MAIN)
    (tmp_path / "lib.py").write_text(LIB)
    index_workspace(tmp_path)
    # len/print/isinstance are builtins, literals/operators/comprehensions/splats say nothing,
    # `Sink()` passes nothing and `Sink().put` is not a name: no rows for them; a lambda passes itself,
    # read as its name (graphmind/index/python/lambdas.py)
    assert _argument_rows(tmp_path) == ["helper\t<lambda1>", "helper\tjob", "helper\tkey=job", "register\ttask",
                                        "xs.append\tjob"]


def test_a_star_import_keeps_calls_of_unknown_names(tmp_path):
    (tmp_path / "lib.py").write_text(LIB)
    (tmp_path / "star.py").write_text(STAR)
    index_workspace(tmp_path)
    assert _argument_rows(tmp_path) == ["mystery\tjob"]


def test_parameters_still_take_what_their_callers_pass(tmp_path):
    (tmp_path / "main.py").write_text(MAIN)
    (tmp_path / "lib.py").write_text(LIB)
    index_workspace(tmp_path)
    conn = open_reader(tmp_path)
    edges = set(conn.execute(
        "SELECT s.qualname, t.qualname FROM calls c JOIN symbols s ON s.id = c.caller_id"
        " JOIN symbols t ON t.id = c.target_id WHERE c.resolution NOT IN ('possible', 'pending')"))
    assert ("main.helper", "main.Job.run") in edges           # thing <- job
