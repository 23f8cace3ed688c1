"""Flow-sensitive rebinding: the last top-level binding before a call decides what a name holds there,
a binding in a branch or loop stays a union, and edits that move calls or bindings across a rebinding
leave the same rows as a clean index."""
from __future__ import annotations

from pathlib import Path

from graphmind.index.indexer import index_workspace
from graphmind.query.export import call_graph

from langcases import assert_equals_clean, indexed_workspace, snapshot

WRITERS = '''class Csv:
    def close(self):
        return "csv"


class Json:
    def close(self):
        return "json"


def export():
    w = Csv()
    first = w.close()
    w = Json()
    return first, w.close()
'''


def _callees(root: Path, caller: str) -> list[str]:
    return call_graph(root).get(caller, [])


def test_each_call_reads_the_binding_that_reaches_it(tmp_path):
    work = indexed_workspace(tmp_path, {"w.py": WRITERS})
    assert _callees(work, "w.export") == ["w.Csv", "w.Csv.close", "w.Json", "w.Json.close"]
    rows = {(line, target) for _, _, callee, line, _, target, *_ in snapshot(work)["calls"] if callee == "w.close"}
    assert rows == {(13, "w.Csv.close"), (15, "w.Json.close")}


def test_a_rebinding_in_a_branch_keeps_the_union(tmp_path):
    text = WRITERS.replace("    w = Json()\n", "    if first:\n        w = Json()\n")
    work = indexed_workspace(tmp_path, {"w.py": text})
    rows = {(line, target) for _, _, callee, line, _, target, *_ in snapshot(work)["calls"] if callee == "w.close"}
    assert {(16, "w.Csv.close"), (16, "w.Json.close")} <= rows


def test_a_rebinding_in_a_loop_reaches_the_calls_before_it_in_the_loop(tmp_path):
    text = WRITERS.replace("    first = w.close()\n    w = Json()\n",
                           "    for _ in range(2):\n        first = w.close()\n        w = Json()\n")
    work = indexed_workspace(tmp_path, {"w.py": text})
    rows = {(line, target) for _, _, callee, line, _, target, *_ in snapshot(work)["calls"] if callee == "w.close"}
    assert rows == {(14, "w.Csv.close"), (14, "w.Json.close"), (16, "w.Csv.close"), (16, "w.Json.close")}


def test_a_binding_reads_the_name_as_bound_before_it(tmp_path):
    text = WRITERS + "\n\ndef keep(x):\n    return x\n\n\ndef wrapped():\n    w = Csv()\n    w = keep(w)\n" \
                     "    return w.close()\n"
    work = indexed_workspace(tmp_path, {"w.py": text})
    assert "w.Csv.close" in _callees(work, "w.wrapped")


def test_moving_a_call_across_a_rebinding_follows_incrementally(tmp_path):
    work = indexed_workspace(tmp_path, {"w.py": WRITERS})
    (work / "w.py").write_text(WRITERS.replace("    first = w.close()\n    w = Json()\n",
                                               "    w = Json()\n    first = w.close()\n"))
    index_workspace(work)
    assert _callees(work, "w.export") == ["w.Csv", "w.Json", "w.Json.close"]
    assert_equals_clean(work, tmp_path)


def test_moving_a_rebinding_into_a_branch_follows_incrementally(tmp_path):
    work = indexed_workspace(tmp_path, {"w.py": WRITERS})
    (work / "w.py").write_text(WRITERS.replace("    w = Json()\n", "    if first:\n        w = Json()\n"))
    index_workspace(work)
    assert "w.Csv.close" in _callees(work, "w.export") and "w.Json.close" in _callees(work, "w.export")
    assert_equals_clean(work, tmp_path)


def test_a_module_global_read_elsewhere_follows_a_reordering(tmp_path):
    cache = "def memory(k):\n    return k\n\n\ndef disk(k):\n    return k\n\n\nbackend = memory\nbackend = disk\n"
    use = "from cache import backend\n\n\ndef lookup(k):\n    return backend(k)\n"
    work = indexed_workspace(tmp_path, {"cache.py": cache, "use.py": use})
    assert _callees(work, "use.lookup") == ["cache.disk"]
    (work / "cache.py").write_text(cache.replace("backend = memory\nbackend = disk\n", "backend = disk\nbackend = memory\n"))
    index_workspace(work)
    assert _callees(work, "use.lookup") == ["cache.memory"]
    assert_equals_clean(work, tmp_path)


def test_a_global_assigned_in_a_function_adds_to_the_module_binding(tmp_path):
    text = "def plain(m):\n    return m\n\n\ndef fancy(m):\n    return m\n\n\nfmt = plain\n\n\n" \
           "def use_fancy():\n    global fmt\n    fmt = fancy\n\n\ndef emit(m):\n    return fmt(m)\n"
    work = indexed_workspace(tmp_path, {"out.py": text})
    assert _callees(work, "out.emit") == ["out.fancy", "out.plain"]


RELATED = '''class ForeignKey:
    def __init__(self, to):
        self.to = to


class Manager:
    def get(self, **lookup):
        return None


class Model:
    objects = Manager()

    def save(self):
        return self


class Parent(Model):
    name = "parent"


class Child(Model):
    parent = ForeignKey(Parent)
'''

FETCH_AGAIN = '''from models import Child, Parent


def test_related_object_cache():
    p = Parent()
    c = Child()
    p = c.parent
    p.name = None
    p.save()
    p = Parent.objects.get(name="Parent")
    return p
'''


def test_a_rebinding_whose_value_lacks_the_member_called_reads_every_binding(tmp_path):
    """`p = c.parent; p.save()` (Django's related-object idiom): `c.parent` types as the class-level
    ForeignKey, which has no `save`; a value that leads nowhere is not known, so every binding of `p`
    counts, as where the binding reaching the call gives nothing."""
    work = indexed_workspace(tmp_path, {"models.py": RELATED, "tests.py": FETCH_AGAIN})
    assert "models.Model.save" in _callees(work, "tests.test_related_object_cache")
    (work / "tests.py").write_text(FETCH_AGAIN.replace("    p.save()\n", "    p.save()\n    p = c\n"))
    index_workspace(work)
    assert "models.Model.save" in _callees(work, "tests.test_related_object_cache")
    assert_equals_clean(work, tmp_path)


def test_a_rebinding_whose_value_has_the_member_called_still_wins(tmp_path):
    text = WRITERS.replace("class Json:\n    def close(self):\n        return \"json\"\n",
                           "class Json:\n    def close(self):\n        return \"json\"\n\n\nclass Bare:\n    pass\n")
    text += "\n\ndef bare():\n    w = Csv()\n    w = Json()\n    w.close()\n    w = Bare()\n    return w\n"
    work = indexed_workspace(tmp_path, {"w.py": text})
    assert _callees(work, "w.bare") == ["w.Bare", "w.Csv", "w.Json", "w.Json.close"]


RESPONSES = '''class Handler:
    def run(self):
        return self


class Client:
    def get(self, path):
        return Handler().run()


class HttpResponse:
    @property
    def content(self):
        return b""


def test_contains(client: Client):
    response = client.get("/page/")
    body = response.content
    response = HttpResponse()
    return body, response
'''


def test_a_property_read_whose_receiver_lacks_it_reads_every_binding(tmp_path):
    """Django's `response = self.client.get(...)`, then `response.content`: the client's result types
    loosely (here as a Handler, with no `content`), so the read reaches the getter through every binding."""
    work = indexed_workspace(tmp_path, {"web.py": RESPONSES})
    assert "web.HttpResponse.content" in _callees(work, "web.test_contains")


def test_a_property_read_again_after_a_rebinding_reads_the_new_binding(tmp_path):
    """A member read is kept once per scope, but once per line where order matters: the read after
    `r = Streaming()` is a site of its own (the extractor kept only the first before)."""
    text = RESPONSES + '''

class Streaming:
    @property
    def content(self):
        raise AttributeError


def test_removal():
    r = HttpResponse()
    first = r.content
    r = Streaming()
    return first, r.content
'''
    work = indexed_workspace(tmp_path, {"web.py": text})
    assert _callees(work, "web.test_removal") == ["web.HttpResponse", "web.HttpResponse.content", "web.Streaming",
                                                  "web.Streaming.content"]
    rows = {(line, target) for _, _, callee, line, _, target, *_ in snapshot(work)["calls"] if callee == "r.content"}
    assert rows == {(32, "web.HttpResponse.content"), (34, "web.Streaming.content")}
