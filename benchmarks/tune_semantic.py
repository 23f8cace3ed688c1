#!/usr/bin/env python3
"""Try what a definition is embedded from and how the semantic ranking is scored, on the TUNING query
sets only (benchmarks/search_tuning/): texts (the shipped one, the code alone, a richer one), one or two
vectors per definition (max or sum), graph signals (callers, a class lifted by its methods), then the
fusion with the lexical ranking. Prints MRR@10 per query file for every candidate: [semantic, hybrid,
lexical]; the means over the paraphrase files only (a lexical labelled set given too is the guardrail:
hybrid must not fall below lexical there).

Usage: python benchmarks/tune_semantic.py [--cache FILE] ROOT:QUERIES.json [ROOT:QUERIES.json ...]
Each ROOT is an indexed copy of the corpus its query file names (`graphmind index`); vectors are
encoded here (cached by text in --cache), so no `graphmind embed` is needed.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import math
import re
import sqlite3
import statistics
import sys
import tempfile
from pathlib import Path

import numpy as np

K = 10


class Cache:
    """Vectors by text, in a file of their own (texts tried here are not the shipped ones)."""

    def __init__(self, path: Path, max_tokens: int | None = None):
        from graphmind.semantic.model import MAX_TOKENS
        self.db = sqlite3.connect(path)
        self.db.execute("CREATE TABLE IF NOT EXISTS v (key BLOB PRIMARY KEY, vec BLOB)")
        self.max_tokens = max_tokens or MAX_TOKENS
        self.model = None

    def vectors(self, texts: list[str]) -> np.ndarray:
        from graphmind.semantic.model import Model
        keys = [hashlib.blake2b(f"{self.max_tokens}\x1f{t}".encode(), digest_size=16).digest() for t in texts]
        have = {}
        for i in range(0, len(keys), 500):
            chunk = keys[i:i + 500]
            have.update(self.db.execute(f"SELECT key, vec FROM v WHERE key IN ({','.join('?' * len(chunk))})", chunk))
        missing = list(dict.fromkeys(k for k in keys if k not in have))
        if missing:
            text_of = dict(zip(keys, texts))
            print(f"  encoding {len(missing)} texts", file=sys.stderr, flush=True)
            self.model = self.model or Model(max_tokens=self.max_tokens)
            vecs = self.model.encode([text_of[k] for k in missing]).astype(np.float32)
            rows = [(k, v.tobytes()) for k, v in zip(missing, vecs)]
            self.db.executemany("INSERT OR REPLACE INTO v VALUES (?, ?)", rows)
            self.db.commit()
            have.update(rows)
        return np.stack([np.frombuffer(have[k], dtype=np.float32) for k in keys])


def _words(name: str) -> str:
    from graphmind.semantic.texts import name_words
    return name_words(name)


def _parts(d, language: str, source: bytes) -> tuple[str, str, str]:
    """(docstring or leading comment, the signature, the start of the body) of a definition."""
    from graphmind.index.docstrings import comment_above, python_docstring
    from graphmind.semantic import texts
    doc, body_start = "", d.start_byte
    if language == "python":
        body_start = texts._python_body(source, d.start_byte, d.end_byte)
        if body_start > d.start_byte:
            doc = python_docstring(source, body_start)
    if not doc:
        doc = comment_above(source, d.start_byte)
    body = source[body_start:min(d.end_byte, body_start + 4 * texts.BODY_CHARS)].decode("utf-8", "replace")
    return doc, " ".join(d.signature.split()), " ".join(body.split())[:texts.BODY_CHARS]


def text_doc(d, language, source, path):
    from graphmind.semantic.texts import describe
    return describe(d, language, source)


def text_doc2(d, language, source, path):
    """The text before parameters were added (texts version 2): name words and docstring."""
    doc, _sig, _body = _parts(d, language, source)
    return f"{_words(d.name)}. {doc}" if doc else text_doc(d, language, source, path)


def text_code(d, language, source, path):
    _doc, sig, body = _parts(d, language, source)
    owner = d.qualname.rsplit(".", 2)[-2] if "." in d.qualname else ""
    head = f"{d.kind} {_words(d.name)}" + (f" of {_words(owner)}" if owner else "")
    return ". ".join(p for p in (head, sig, body) if p)


def _context(d, path: str) -> str:
    """`method of session in sessions` : the enclosing class and the module, in words."""
    parts = d.qualname.split(".")
    module = Path(path).stem
    owner = parts[-2] if len(parts) >= 2 and parts[-2] != module else ""
    return f"{d.kind}" + (f" of {_words(owner)}" if owner else "") + f" in {_words(module)}"


def text_rich(d, language, source, path):
    doc, sig, body = _parts(d, language, source)
    first = doc.split(". ")[0].split("\n\n")[0] if doc else ""
    params = sig[sig.find("("):sig.rfind(")") + 1] if "(" in sig else ""
    return f"{_words(d.name)}, {_context(d, path)}. " + (first if first else f"{params} {body}")


def text_docctx(d, language, source, path):
    doc, sig, body = _parts(d, language, source)
    return f"{_words(d.name)}, {_context(d, path)}. " + (doc if doc else f"{sig}. {body}")


_SECTIONS = re.compile(r"\s(?::param|:type|:returns?:|:rtype:|:raises?|Args:|Arguments:|Parameters\s-+|Returns:|"
                       r"Raises:|Yields:|Examples?:|>>>|\.\. (?:versionadded|versionchanged|deprecated|code-block))")


def text_docclean(d, language, source, path):
    """The shipped text with the docstring cut before its first field list, doctest or directive."""
    text = text_doc(d, language, source, path)
    m = _SECTIONS.search(text)
    return text[:m.start()].rstrip() if m and m.start() > len(_words(d.name)) + 2 else text


_GRAPH: dict[int, dict] = {}      # symbol id -> what the graph knows of it (graph_texts() fills it per corpus)
_COMMON = {"get", "set", "append", "extend", "items", "keys", "values", "update", "pop", "join", "split", "strip",
           "format", "startswith", "endswith", "lower", "upper", "replace", "encode", "decode", "copy", "add"}


def graph_texts(conn, ids: list[int]) -> None:
    """What the graph knows of each definition: the names it calls (as written, distinct, in order; not
    builtins nor container methods), the names of its callers, its enclosing class and its bases."""
    _GRAPH.clear()
    want = set(ids)
    for i in ids:
        _GRAPH[i] = {"calls": [], "callers": [], "bases": []}
    for caller, name in conn.execute("SELECT caller_id, name FROM calls WHERE kind = 'call' AND implicit = 0"
                                     " AND resolution != 'builtin' ORDER BY caller_id, line, col"):
        g = _GRAPH.get(caller)
        if g is not None and name not in g["calls"] and name not in _COMMON and not name.startswith("__"):
            g["calls"].append(name)
    for target, name in conn.execute("SELECT DISTINCT c.target_id, s.name FROM calls c JOIN symbols s"
                                     " ON s.id = c.caller_id WHERE c.kind = 'call' AND c.target_id IS NOT NULL"):
        if target in want and name not in _GRAPH[target]["callers"]:
            _GRAPH[target]["callers"].append(name)
    for cls, base in conn.execute("SELECT class_id, base FROM inherits ORDER BY class_id, position"):
        if cls in want:
            _GRAPH[cls]["bases"].append(base.rsplit(".", 1)[-1])


def _params(sig: str) -> tuple[list[str], str]:
    """A Python signature's parameter names (semantic/texts.parameter_names) and its return annotation."""
    from graphmind.semantic.texts import parameter_names
    names = parameter_names(sig)
    close = sig.rfind(")")
    return names, (sig[close + 1:].partition("->")[2].strip().rstrip(":").strip() if close >= 0 else "")


def _ann_words(ann: str) -> str:
    return _words(" ".join(w.rsplit(".", 1)[-1] for w in re.findall(r"[A-Za-z_][\w.]*", ann)
                           if w not in ("t", "None", "Optional", "Union", "Any", "typing")))


def _graph_parts(d, path, *, calls=6, callers=4) -> dict[str, str]:
    g = _GRAPH.get(d.id, {"calls": [], "callers": [], "bases": []})
    names, ret = _params(" ".join(d.signature.split()))
    parts = {
        "ctx": _context(d, path),
        "params": ("takes " + ", ".join(_words(n) for n in names)) if names else "",
        "returns": ("returns " + _ann_words(ret)) if ret and _ann_words(ret) else "",
        "calls": ("calls " + ", ".join(_words(n) for n in g["calls"][:calls])) if g["calls"] else "",
        "callers": ("used by " + ", ".join(_words(n) for n in g["callers"][:callers])) if g["callers"] else "",
        "bases": ("a kind of " + ", ".join(_words(n) for n in g["bases"])) if g["bases"] else "",
    }
    return parts


def _graph_text(which: tuple[str, ...], first: bool = False, undoc_only: bool = False, doc_only: bool = False):
    def make(d, language, source, path):
        shipped = text_doc2(d, language, source, path)
        doc, _sig, _body = _parts(d, language, source)
        if (undoc_only and doc) or (doc_only and not doc):
            return shipped
        gp = _graph_parts(d, path)
        extra = ". ".join(gp[w] for w in which if gp[w])
        if not extra:
            return shipped
        base = shipped.rstrip(". ")
        if first:
            head, _, rest = base.partition(". ")
            return f"{head}. {extra}. {rest}" if rest else f"{head}. {extra}"
        return f"{base}. {extra}"
    return make


TEXTS = {"doc": text_doc, "doc2": text_doc2, "docclean": text_docclean, "code": text_code, "rich": text_rich, "docctx": text_docctx,
         "gcall": _graph_text(("calls",)), "gparam": _graph_text(("params", "returns")),
         "gcaller": _graph_text(("callers",)), "gbase": _graph_text(("bases",)), "gctx": _graph_text(("ctx",)),
         "gall": _graph_text(("params", "returns", "calls", "callers", "bases")),
         "gallfirst": _graph_text(("params", "returns", "calls", "callers", "bases"), first=True),
         "gundoc": _graph_text(("params", "returns", "calls", "callers", "bases"), undoc_only=True),
         "gparamfirst": _graph_text(("params", "returns"), first=True),
         "gparamcaller": _graph_text(("params", "returns", "callers")),
         "gparamcallerfirst": _graph_text(("params", "returns", "callers"), first=True),
         "gparamdoc": _graph_text(("params", "returns"), doc_only=True),
         "gparamonly": _graph_text(("params",), doc_only=True)}


def corpus(conn, root: Path) -> list[tuple]:
    """(definition, language, source, path) of every embeddable definition outside test files."""
    from graphmind.query.searchquery import is_test_path
    from graphmind.semantic.collect import file_definitions, indexed_files
    out = []
    for path, (file_id, language, _sha) in sorted(indexed_files(conn).items()):
        if is_test_path(path):
            continue
        defs = file_definitions(conn, file_id)
        if defs:
            source = (root / path).read_bytes()
            out.extend((d, language, source, path) for d in defs)
    return out


def graph_facts(conn, ids: list[int]) -> tuple[np.ndarray, dict[int, int]]:
    """Callers per definition (distinct), and each method's enclosing class (row index -> row index)."""
    row = {i: n for n, i in enumerate(ids)}
    fan = np.zeros(len(ids), dtype=np.float32)
    for target, n in conn.execute("SELECT target_id, COUNT(DISTINCT caller_id) FROM calls WHERE target_id IS NOT NULL"
                                  " GROUP BY target_id"):
        if target in row:
            fan[row[target]] = n
    parent = {}
    for sid, pid in conn.execute("SELECT id, parent_id FROM symbols WHERE parent_id IS NOT NULL"):
        if sid in row and pid in row:
            parent[row[sid]] = row[pid]
    return fan, parent


def neighbours(conn, ids: list[int], parent: dict[int, int]) -> list[list[int]]:
    """Each definition's neighbours among the embedded ones (row indexes): resolved calls both ways, its
    enclosing definition and the ones it encloses."""
    row = {i: n for n, i in enumerate(ids)}
    near: list[set[int]] = [set() for _ in ids]
    for a, b in conn.execute("SELECT DISTINCT caller_id, target_id FROM calls WHERE target_id IS NOT NULL"
                             " AND kind = 'call'"):
        if a in row and b in row and a != b:
            near[row[a]].add(row[b])
            near[row[b]].add(row[a])
    for child, par in parent.items():
        near[child].add(par)
        near[par].add(child)
    return [sorted(n) for n in near]


def scored(sims: np.ndarray, fan: np.ndarray, parent: dict[int, int], kinds: list[str], *, fanin: float,
           lift: float) -> np.ndarray:
    """Cosine, plus `fanin` * log(1 + callers), and a class raised to `lift` x its best method's score."""
    s = sims + fanin * np.log1p(fan)
    if lift:
        s = s.copy()
        for child, par in parent.items():
            if kinds[par] == "class":
                s[par] = max(s[par], lift * sims[child] + fanin * math.log1p(fan[par]))
    return s


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "graphmind-tune-vectors.db")
    ap.add_argument("--texts", default="doc,code,rich")
    ap.add_argument("--pairs-only", default="", help="only these candidates, e.g. 'doc,doc+code max'")
    ap.add_argument("--fanin", default="0,0.01,0.02,0.04")
    ap.add_argument("--lift", default="0,0.9,1.0")
    ap.add_argument("--weights", default="1.0", help="semantic weights in the fusion")
    ap.add_argument("--k", default="5", help="reciprocal rank fusion's k")
    ap.add_argument("--max-tokens", type=int, default=None, help="the definitions' token cap (default: the shipped one)")
    ap.add_argument("--query-prefix", default="", help="text put before every query before it is embedded")
    ap.add_argument("--prf", default="0:0", help="pseudo-relevance feedback, 'M:BETA,...': the query vector moved"
                    " by BETA x the mean of its M nearest definitions' vectors, then ranked again (0:0 = none)")
    ap.add_argument("--rescore", default="none", help="'none', 'center:A' (the corpus mean vector x A taken from"
                    " definitions and query) or 'hubness:A' (cosine - A x a definition's mean cosine to its 10 nearest"
                    " definitions), comma-separated")
    ap.add_argument("--query-split", action="store_true", help="identifiers in the query split into words"
                    " (semantic/texts.query_text) before it is embedded")
    ap.add_argument("--smooth", type=float, default=0.0, help="cosine + A x the best cosine among a definition's"
                    " neighbours in the graph (what it calls, what calls it, its class, its methods)")
    ap.add_argument("--per-query", type=Path, default=None, help="append each candidate's reciprocal ranks per"
                    " paraphrase query here (JSON lines), for paired comparisons")
    ap.add_argument("pairs", nargs="+")
    args = ap.parse_args(argv)
    from graphmind.query.search import search
    from graphmind.semantic import fusion
    from graphmind.store import open_reader
    cache = Cache(args.cache, args.max_tokens)
    query_cache = Cache(args.cache)
    names = args.texts.split(",")
    runs = []
    for pair in args.pairs:
        root, _, qfile = pair.partition(":")
        root = Path(root)
        conn = open_reader(root)
        defs = corpus(conn, root)
        ids = [d.id for d, *_ in defs]
        graph_texts(conn, ids)
        qualnames = [d.qualname for d, *_ in defs]
        kinds = [d.kind for d, *_ in defs]
        mats = {n: cache.vectors([TEXTS[n](*x) for x in defs]) for n in names}
        fan, parent = graph_facts(conn, ids)
        parent = {"parent": parent, "near": neighbours(conn, ids, parent)}
        queries = json.loads(Path(qfile).read_text())["queries"]
        from graphmind.semantic.texts import query_text
        split = query_text if args.query_split else (lambda q: q)
        qv = query_cache.vectors([args.query_prefix + split(q["query"]) for q in queries])
        lex = [search(conn, q["query"], limit=fusion.POOL, graph=True) for q in queries]
        runs.append((Path(qfile).name, conn, ids, qualnames, kinds, mats, fan, parent, queries, qv, lex))
    candidates = [(n, (n,), "max") for n in names]
    candidates += [(f"{a}+{b} {op}", (a, b), op) for i, a in enumerate(names) for b in names[i + 1:]
                   for op in ("max", "sum")]
    if args.pairs_only:
        keep = args.pairs_only.split(",")
        candidates = [c for c in candidates if c[0] in keep]
    floats = lambda text: [float(x) for x in text.split(",")]
    prfs = [(int(m), float(b)) for m, b in (x.split(":") for x in args.prf.split(","))]
    rescores = [(x.partition(":")[0], float(x.partition(":")[2] or 0)) for x in args.rescore.split(",")]
    grid = [(c, f, li, w, k, p, r) for c in candidates for f in floats(args.fanin) for li in floats(args.lift)
            for w in floats(args.weights) for k in floats(args.k) for p in prfs for r in rescores]
    for (label, texts, op), fanin, lift, weight, rrf_k, (prf_m, prf_beta), rescore in grid:
        fusion.W_SEMANTIC, fusion.RRF_K = weight, rrf_k
        report = {"texts": label, "query_split": args.query_split, "fanin": fanin, "lift": lift, "w": weight, "k": rrf_k, "prf": [prf_m, prf_beta],
                  "rescore": list(rescore)}
        every: tuple[list[float], list[float]] = ([], [])
        for fname, conn, ids, qualnames, kinds, mats, fan, parent, queries, qv, lex in runs:
            sem_rr, hyb_rr, lex_rr = [], [], []
            for qi, q in enumerate(queries):
                sims = [feedback(*rescored(mats[t], qv[qi], *rescore), prf_m, prf_beta) for t in texts]
                sim = np.maximum.reduce(sims) if op == "max" else np.add.reduce(sims) / len(sims)
                if args.smooth:
                    best = np.array([max((sim[j] for j in near), default=0.0) for near in parent["near"]], np.float32)
                    sim = sim + args.smooth * best
                s = scored(sim, fan, parent["parent"], kinds, fanin=fanin, lift=lift)
                top = np.argsort(-s)[:fusion.POOL]
                sem = [_result(qualnames[i], ids[i], float(s[i])) for i in top]
                rel = set(q["relevant"])
                sem_rr.append(_rr([r.qualname for r in sem], rel))
                hyb_rr.append(_rr([r.qualname for r in fusion.fuse(list(lex[qi]), sem, K)], rel))
                lex_rr.append(_rr([r.qualname for r in lex[qi]], rel))
            report[Path(fname).stem] = [round(statistics.mean(x), 3) for x in (sem_rr, hyb_rr, lex_rr)]
            if "paraphrase" in fname:
                every[0].extend(sem_rr)
                every[1].extend(hyb_rr)
        report["mean"] = [round(statistics.mean(v[j] for k, v in report.items() if k.endswith("paraphrase")), 3)
                          for j in (0, 1)]
        report["queries"] = [round(statistics.mean(every[j]), 3) for j in (0, 1)]
        print(json.dumps(report), flush=True)
        if args.per_query:
            with args.per_query.open("a") as out:
                out.write(json.dumps({k: v for k, v in report.items() if not isinstance(v, list) or k in ("prf",
                          "rescore")} | {"semantic": every[0], "hybrid": every[1]}) + "\n")


_HUBS: dict[int, np.ndarray] = {}


def rescored(mat: np.ndarray, q: np.ndarray, how: str, a: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(definitions' vectors, query vector, a score to subtract per definition) for a rescoring tried
    against the hubs of the vector space (definitions near every query)."""
    none = np.zeros(len(mat), dtype=np.float32)
    if how == "center" and a:
        mean = a * mat.mean(0)
        d, v = mat - mean, q - mean
        return d / np.linalg.norm(d, axis=1, keepdims=True), v / np.linalg.norm(v), none
    if how == "hubness" and a:
        if id(mat) not in _HUBS:
            sims = mat @ mat.T
            np.fill_diagonal(sims, -1.0)
            _HUBS[id(mat)] = -np.sort(-sims, axis=1)[:, :10].mean(1)
        return mat, q, a * _HUBS[id(mat)]
    return mat, q, none


def feedback(mat: np.ndarray, q: np.ndarray, penalty: np.ndarray, m: int, beta: float) -> np.ndarray:
    """Cosines of the query (less a penalty per definition), the query moved by beta x the mean of its
    m nearest rows first when m > 0 (Rocchio's pseudo-relevance feedback)."""
    sims = mat @ q - penalty
    if m <= 0 or beta == 0:
        return sims
    top = np.argpartition(-sims, m)[:m]
    moved = q + beta * mat[top].mean(0)
    return mat @ (moved / np.linalg.norm(moved)) - penalty


def _result(qualname: str, sid: int, score: float):
    from graphmind.query.search import Result
    return Result(sid, "", qualname, qualname.rsplit(".", 1)[-1], "", 0, 0, "", match="semantic", score=score)


def _rr(names: list[str], relevant: set[str]) -> float:
    return next((1.0 / (i + 1) for i, n in enumerate(names[:K]) if n in relevant), 0.0)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    main(sys.argv[1:])
