"""What an editor shows beside a definition: a code lens "N callers · M tests" and a hover card."""
from __future__ import annotations

import apsw
from lsprotocol import types as lsp

from graphmind.editor.answers import counts, refs_by_id
from graphmind.editor.files import Files
from graphmind.query.lookup import SymbolRef

LENS_KINDS = ("function", "method", "class", "constructor", "interface", "struct", "trait", "enum")


def lenses(conn: apsw.Connection, files: Files, rel: str) -> list[lsp.CodeLens]:
    """One unresolved lens per definition of the file (counts come with codeLens/resolve)."""
    out = []
    for sid, line in conn.execute(
            "SELECT s.id, s.start_line FROM symbols s JOIN files f ON f.id = s.file_id WHERE f.path = ?"
            f" AND s.kind IN ({', '.join('?' * len(LENS_KINDS))}) ORDER BY s.start_line", (rel, *LENS_KINDS)):
        at = files.range(rel, line, 0, 0)
        if at is not None:
            out.append(lsp.CodeLens(range=at, data={"id": sid}))
    return out


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def resolve_lens(conn: apsw.Connection, lens: lsp.CodeLens) -> lsp.CodeLens:
    """The lens with its title: callers one hop up and the tests a resolved path reaches it from."""
    sid = lens.data.get("id") if isinstance(lens.data, dict) else None
    found = refs_by_id(conn, [sid]) if isinstance(sid, int) else []
    if not found:
        lens.command = lsp.Command(title="not indexed", command="")
        return lens
    callers, _dependants, tests = counts(conn, found[0], dependants=False)
    lens.command = lsp.Command(title=f"{_plural(callers, 'caller')} · {_plural(tests, 'test')}", command="")
    return lens


def hover_text(conn: apsw.Connection, ref: SymbolRef) -> str:
    """Markdown: the signature, where it is, and how much depends on it."""
    callers, dependants, tests = counts(conn, ref)
    return (f"```\n{ref.signature}\n```\n`{ref.qualname}` ({ref.kind}, {ref.file}:{ref.start_line}-{ref.end_line})"
            f"\n\n{_plural(callers, 'caller')} · {_plural(dependants, 'dependant')} one hop up"
            f" · {_plural(tests, 'test')} reach it")
