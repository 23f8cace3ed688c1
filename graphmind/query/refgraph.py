"""The repo map's reference graph, read from the index: which file references which definition, how often.

Aider's graph, built from our rows instead of a re-parse: an edge runs from the referencing file to
the defining file, once per identifier, weighted by how informative the identifier is and by the
square root of its reference count. A call resolved to one definition (resolution not 'possible' or
'pending'), an import or a base class that names a workspace definition exactly, reaches that one
definition; every other call site falls back to its name, and reaches every file defining that name.
The graph is packed into numpy arrays in a content order (paths, names, lines: never row ids), so the
ranks computed from it are bit-identical whatever the indexing history.
"""
from __future__ import annotations

import io
import re
from collections import defaultdict
from dataclasses import dataclass

import apsw
import numpy as np

from graphmind.edgekinds import CALL_KINDS, sql_in
from graphmind.query.edges import SECOND_ROW_OF_CALL

UNRESOLVED = "('possible', 'unresolved', 'pending')"
CONSTRUCTORS = ("__init__", "__new__")
SELF_EDGE_WEIGHT = 0.1          # Aider: a definition nobody references keeps a small self-edge
_IDENT = re.compile(r"[A-Za-z_$][\w$]*")


@dataclass
class RefGraph:
    """The packed reference graph.

    nodes: file ids in path order.  Edges e: edge_src[e] (node) → key edge_key[e], weight edge_w[e]
    (static part), edge_name[e] (index into names; -1 for self-edges, which no mention or focus scales).
    A key is one definition (an exact reference) or every definition of a name in a file (a name
    match): key_node[k] is its file, key_syms[key_ptr[k]:key_ptr[k+1]] its definitions as positions
    in syms (all definitions, in path/line order). node_module[n] is the file's module symbol id.
    """
    nodes: np.ndarray
    node_module: np.ndarray
    edge_src: np.ndarray
    edge_key: np.ndarray
    edge_w: np.ndarray
    edge_name: np.ndarray
    key_node: np.ndarray
    key_ptr: np.ndarray
    key_syms: np.ndarray
    syms: np.ndarray
    names: np.ndarray

    def pack(self) -> bytes:
        """The graph as one blob (numpy .npz, no pickles)."""
        buf = io.BytesIO()
        np.savez(buf, **{k: getattr(self, k) for k in self.__dataclass_fields__})
        return buf.getvalue()

    def name_list(self) -> list[str]:
        """The sorted definition names edge_name indexes."""
        return self.names.tobytes().decode().split("\n") if len(self.names) else []

    @classmethod
    def unpack(cls, blob: bytes) -> "RefGraph":
        with np.load(io.BytesIO(blob), allow_pickle=False) as z:
            return cls(**{k: z[k] for k in cls.__dataclass_fields__})


def ident_weight(name: str, definers: int) -> float:
    """Aider's static multiplier: long compound names ×10, private names ×0.1, names in >5 files ×0.1."""
    mul = 1.0
    compound = (("_" in name or "-" in name) and any(c.isalpha() for c in name)) or (
        any(c.isupper() for c in name) and any(c.islower() for c in name))
    if compound and len(name) >= 8:
        mul *= 10
    if name.startswith("_"):
        mul *= 0.1
    if definers > 5:
        mul *= 0.1
    return mul


def _has_column(conn: apsw.Connection, table: str, column: str) -> bool:
    return any(r[1] == column for r in conn.execute(f"PRAGMA table_info({table})"))


def _references(conn: apsw.Connection, real: dict[int, int]) -> tuple[dict, dict]:
    """(file, definition position) → exact reference count; (file, name) → name-matched count.

    `real` maps the id of every definition (module symbols excluded) to its position.
    """
    exact: dict[tuple[int, int], int] = defaultdict(int)
    named: dict[tuple[int, str], int] = defaultdict(int)
    explicit = " AND c.implicit = 0" if _has_column(conn, "calls", "implicit") else ""
    explicit += f" AND {sql_in(CALL_KINDS, 'c.kind')} AND NOT {SECOND_ROW_OF_CALL}" if _has_column(conn, "calls", "kind") else ""
    for src, sym, name, kind, parent, called, n in conn.execute(
            "SELECT c.file_id, t.id, t.name, t.kind, t.parent_id, c.name, count(*) FROM calls c"
            " JOIN symbols t ON t.id = c.target_id WHERE c.resolution NOT IN ('possible', 'pending')"
            f"{explicit} GROUP BY c.file_id, t.id, c.name"):
        if (name in CONSTRUCTORS or kind == "constructor") and called != name and parent in real:
            sym = parent                         # Cls(...) resolved to its __init__: the class is meant
        if sym in real:
            exact[src, real[sym]] += n
    for src, name, n in conn.execute(
            "SELECT file_id, name, count(DISTINCT line * 65536 + col) FROM calls c"
            f" WHERE resolution IN {UNRESOLVED}{explicit} GROUP BY file_id, name"):
        named[src, name] += n
    for src, sym, kind, symbol in conn.execute(
            "SELECT i.file_id, s.id, s.kind, i.symbol FROM imports i LEFT JOIN symbols s"
            " ON s.qualname = i.resolved || '.' || i.symbol WHERE i.symbol IS NOT NULL AND i.symbol != '*'"):
        if sym in real:
            exact[src, real[sym]] += 1
        elif kind is None:
            named[src, symbol.rsplit(".", 1)[-1]] += 1
    for src, target, base in conn.execute("SELECT file_id, target_id, base FROM inherits"):
        if target in real:
            exact[src, real[target]] += 1
        else:
            found = _IDENT.findall(base.split("[", 1)[0].split("(", 1)[0])
            if found:
                named[src, found[-1]] += 1
    return exact, named


def read_graph(conn: apsw.Connection) -> RefGraph:
    """Build the reference graph from the index (call inside one read transaction for a snapshot)."""
    files = sorted(conn.execute("SELECT f.path, f.id, s.id FROM files f JOIN symbols s"
                                " ON s.file_id = f.id AND s.kind = 'module'"))
    node_of = {fid: i for i, (_, fid, _) in enumerate(files)}
    rows = sorted((node_of[f], line, q, sid, name) for sid, f, name, line, q in conn.execute(
        # variables and constants are not ranked: the map stays about classes and functions (as Aider's)
        # nor a C++ declaration defined out of line: its definition stands for both
        "SELECT id, file_id, name, start_line, qualname FROM symbols WHERE kind NOT IN ('module', 'constant',"
        " 'variable') AND definition_id IS NULL") if f in node_of)
    real = {r[3]: pos for pos, r in enumerate(rows)}                   # symbol id → position
    sym_node = np.array([r[0] for r in rows], dtype=np.int64)
    names, sym_name = np.unique(np.array([r[4] for r in rows], dtype=object), return_inverse=True)
    names = [str(n) for n in names]
    nn = max(len(names), 1)
    # name keys: every (file, name) pair that has definitions, in (file, name) order
    nk_code, sym_nk = np.unique(sym_node * nn + sym_name, return_inverse=True)
    nk_node, nk_name = nk_code // nn, nk_code % nn
    nk_members = np.argsort(sym_nk, kind="stable")                     # positions grouped by name key
    nk_size = np.bincount(sym_nk, minlength=len(nk_code))
    definers = np.argsort(nk_name, kind="stable")                      # name keys grouped by name
    def_count = np.bincount(nk_name, minlength=len(names))
    def_start = np.cumsum(def_count) - def_count
    exact, named = _references(conn, real)
    name_idx = {n: i for i, n in enumerate(names)}
    nr = np.array([(node_of[f], name_idx[n], c) for (f, n), c in named.items()
                   if n in name_idx and f in node_of], dtype=np.int64).reshape(-1, 3)
    nr = nr[def_count[nr[:, 1]] > 0]
    ex = np.array([(node_of[f], pos, c) for (f, pos), c in exact.items() if f in node_of],
                  dtype=np.int64).reshape(-1, 3)
    ex_sym = np.unique(ex[:, 1])                                       # exact keys, one per definition
    referenced = np.zeros(len(names), dtype=bool)
    referenced[sym_name[ex[:, 1]]] = True
    referenced[nr[:, 1]] = True
    mul = np.ones(len(names))
    for i in np.nonzero(referenced)[0]:
        mul[i] = ident_weight(names[i], int(def_count[i]))
    # edges: exact references, name matches expanded to every defining file, self-edges
    cnt = def_count[nr[:, 1]]
    offsets = np.arange(cnt.sum()) - np.repeat(np.cumsum(cnt) - cnt, cnt)
    nk_of_name_edge = definers[np.repeat(def_start[nr[:, 1]], cnt) + offsets]
    lonely = np.nonzero(~referenced[nk_name])[0]
    n_nk = len(nk_code)
    src = np.concatenate([ex[:, 0], np.repeat(nr[:, 0], cnt), nk_node[lonely]])
    key = np.concatenate([n_nk + np.searchsorted(ex_sym, ex[:, 1]), nk_of_name_edge, lonely])
    w = np.concatenate([mul[sym_name[ex[:, 1]]] * np.sqrt(ex[:, 2]),
                        np.repeat(mul[nr[:, 1]] * np.sqrt(nr[:, 2]), cnt),
                        np.full(len(lonely), SELF_EDGE_WEIGHT)])
    nm = np.concatenate([sym_name[ex[:, 1]], np.repeat(nr[:, 1], cnt), np.full(len(lonely), -1)])
    # keys in content order: (file, name, -1 for a name key | position for an exact key)
    k_node = np.concatenate([nk_node, sym_node[ex_sym]])
    k_name = np.concatenate([nk_name, sym_name[ex_sym]])
    k_sub = np.concatenate([np.full(n_nk, -1), ex_sym])
    order = np.lexsort((k_sub, k_name, k_node))
    renum = np.empty(len(order), dtype=np.int64)
    renum[order] = np.arange(len(order))
    sizes = np.concatenate([nk_size, np.ones(len(ex_sym), dtype=np.int64)])[order]
    source = np.concatenate([nk_members, ex_sym])
    starts = np.concatenate([np.cumsum(nk_size) - nk_size, len(nk_members) + np.arange(len(ex_sym))])[order]
    members = source[np.repeat(starts, sizes) + np.arange(sizes.sum()) - np.repeat(np.cumsum(sizes) - sizes, sizes)]
    key = renum[key]
    sort = np.lexsort((key, src))
    return RefGraph(
        nodes=np.array([f[1] for f in files], dtype=np.int64),
        node_module=np.array([f[2] for f in files], dtype=np.int64),
        edge_src=src[sort].astype(np.int32), edge_key=key[sort].astype(np.int32),
        edge_w=w[sort].astype(np.float64), edge_name=nm[sort].astype(np.int32),
        key_node=k_node[order].astype(np.int32),
        key_ptr=np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64), key_syms=members.astype(np.int32),
        syms=np.array([r[3] for r in rows], dtype=np.int64),
        names=np.frombuffer("\n".join(names).encode(), dtype=np.uint8))
