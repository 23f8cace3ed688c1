"""`graphmind lsp`: a Language Server Protocol server over stdio answering from the workspace's index.

pygls carries JSON-RPC and the documents an editor opens (their text kept in step with `didChange`);
this module only translates LSP requests into `editor/answers.py` calls. Every answer reads one
snapshot of an index made current first, through the workspace's daemon (attached, or run in this
process while the server lives: `live/keeper.py`, as the MCP server does). Nothing here writes.
Bad input (an unknown URI, a position past the end, a file that is not indexed) gets an empty
answer; a request before `initialize` gets the protocol's ServerNotInitialized error.
"""
from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace

import apsw
from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException, JsonRpcServerNotInitialized
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol

from graphmind import resources
from graphmind.editor import answers, lenses
from graphmind.editor.files import Files
from graphmind.errors import GraphmindError
from graphmind.live.keeper import Keeper, snapshot
from graphmind.store import DAMAGED

log = logging.getLogger(__name__)


class _Protocol(LanguageServerProtocol):
    """pygls's protocol, answering a request whose params do not fit their type with InvalidParams
    (pygls logs it and answers nothing, which leaves a client waiting forever)."""

    def structure_message(self, data):
        try:
            return super().structure_message(data)
        except JsonRpcException as exc:
            if isinstance(data, dict) and "id" in data and "method" in data:
                self._send_response(data["id"], None, exc.to_response_error())
            return SimpleNamespace(jsonrpc="(not a message: answered with an error)")   # handle_message skips it


class GraphServer(LanguageServer):
    """The language server, with the workspace it answers for and the daemon keeping it fresh."""

    def __init__(self, daemon: bool):
        super().__init__("graphmind", resources.version(), protocol_cls=_Protocol)
        self.use_daemon = daemon
        self.root: Path | None = None
        self.keeper: Keeper | None = None
        self.initialized = False
        self.maps: dict = {}                    # buffer line maps, kept per document version
        self._lock = threading.Lock()

    def start(self, root: Path) -> None:
        self.root = root
        self.keeper = Keeper(root) if self.use_daemon else None
        self.initialized = True
        if self.keeper is not None:             # the daemon starts while the editor opens files
            threading.Thread(target=self._warm, name="graphmind-lsp-warm", daemon=True).start()

    def _warm(self) -> None:
        with contextlib.suppress(GraphmindError, OSError, *DAMAGED):
            self.keeper.fresh()

    def close(self) -> None:
        if self.keeper is not None:
            self.keeper.close()
            self.keeper = None

    def buffer(self, uri: str) -> tuple[int, list[str]] | None:
        doc = self.workspace.text_documents.get(uri)
        return None if doc is None else (doc.version or 0, doc.source.splitlines())

    @contextlib.contextmanager
    def view(self) -> Iterator[tuple[apsw.Connection, Files] | None]:
        """An index snapshot made current first, and the files as this answer sees them; None when the
        workspace cannot be read (no index could be made, a damaged index): the answer is then empty."""
        if not self.initialized:
            raise JsonRpcServerNotInitialized("graphmind lsp: initialize first")
        with contextlib.ExitStack() as stack:
            try:
                conn, _fresh = stack.enter_context(snapshot(self.root, self.keeper, self._lock))
            except (GraphmindError, *DAMAGED) as exc:
                self.window_log_message(lsp.LogMessageParams(type=lsp.MessageType.Warning, message=f"graphmind: {exc}"))
                yield None
                return
            yield conn, Files(self.root, self.buffer, self.maps)


@contextlib.contextmanager
def _targets(ls: GraphServer, uri: str, position: lsp.Position):
    """The definitions named at a position, with the view to answer from; (None, None, []) when none."""
    with ls.view() as got:
        if got is None:
            yield None, None, [], False
            return
        conn, files = got
        where = files.to_saved(uri, position)
        if where is None:
            yield conn, files, [], False
            return
        targets, named = answers.targets_at(conn, files, *where)
        yield conn, files, targets, named


def build(daemon: bool = True) -> GraphServer:
    """The server with every feature registered."""
    ls = GraphServer(daemon)

    @ls.feature(lsp.INITIALIZED)
    def initialized(ls: GraphServer, params: lsp.InitializedParams) -> None:
        pass

    @ls.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def closed(ls: GraphServer, params: lsp.DidCloseTextDocumentParams) -> None:
        ls.maps.pop(params.text_document.uri, None)          # its line map goes with the buffer

    @ls.feature(lsp.SHUTDOWN)
    def shutdown(ls: GraphServer, *args) -> None:
        ls.close()

    @ls.feature(lsp.TEXT_DOCUMENT_PREPARE_CALL_HIERARCHY)
    def prepare(ls: GraphServer, params: lsp.CallHierarchyPrepareParams):
        with _targets(ls, params.text_document.uri, params.position) as (conn, files, targets, _):
            items = [it for it in (answers.item(files, t) for t in targets[:1] or []) if it is not None]
            return items or None

    @ls.feature(lsp.CALL_HIERARCHY_INCOMING_CALLS)
    def incoming(ls: GraphServer, params: lsp.CallHierarchyIncomingCallsParams):
        with ls.view() as got:
            target = _item_ref(got, params.item)
            return answers.incoming(got[0], got[1], target) if target else []

    @ls.feature(lsp.CALL_HIERARCHY_OUTGOING_CALLS)
    def outgoing(ls: GraphServer, params: lsp.CallHierarchyOutgoingCallsParams):
        with ls.view() as got:
            source = _item_ref(got, params.item)
            return answers.outgoing(got[0], got[1], source) if source else []

    @ls.feature(lsp.TEXT_DOCUMENT_REFERENCES)
    def references(ls: GraphServer, params: lsp.ReferenceParams):
        with _targets(ls, params.text_document.uri, params.position) as (conn, files, targets, _):
            if not targets:
                return []
            return answers.references(conn, files, targets, bool(params.context and params.context.include_declaration))

    @ls.feature(lsp.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: GraphServer, params: lsp.DefinitionParams):
        with _targets(ls, params.text_document.uri, params.position) as (conn, files, targets, named):
            return answers.definitions(conn, files, targets) if targets and named else None

    @ls.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def document_symbols(ls: GraphServer, params: lsp.DocumentSymbolParams):
        return _per_file(ls, params.text_document.uri, answers.document_symbols)

    @ls.feature(lsp.WORKSPACE_SYMBOL)
    def workspace_symbols(ls: GraphServer, params: lsp.WorkspaceSymbolParams):
        with ls.view() as got:
            return answers.workspace_symbols(got[0], got[1], params.query.strip()) if got else []

    @ls.feature(lsp.TEXT_DOCUMENT_HOVER)
    def hover(ls: GraphServer, params: lsp.HoverParams):
        with _targets(ls, params.text_document.uri, params.position) as (conn, files, targets, named):
            if not targets or not named:
                return None
            return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown,
                                                        value=lenses.hover_text(conn, targets[0])))

    @ls.feature(lsp.TEXT_DOCUMENT_CODE_LENS, lsp.CodeLensOptions(resolve_provider=True))
    def code_lens(ls: GraphServer, params: lsp.CodeLensParams):
        return _per_file(ls, params.text_document.uri, lenses.lenses)

    @ls.feature(lsp.CODE_LENS_RESOLVE)
    def code_lens_resolve(ls: GraphServer, lens: lsp.CodeLens):
        with ls.view() as got:
            return lenses.resolve_lens(got[0], lens) if got else lens

    return ls


def _per_file(ls: GraphServer, uri: str, answer) -> list:
    """answer(conn, files, path) for a document of the workspace; [] for any other URI."""
    with ls.view() as got:
        rel = got[1].path(uri) if got else None
        return answer(got[0], got[1], rel) if rel else []


def _item_ref(got, item: lsp.CallHierarchyItem):
    """The definition a call hierarchy item stands for (by the id it carries), if still indexed."""
    if got is None or not isinstance(item.data, dict) or not isinstance(item.data.get("id"), int):
        return None
    found = answers.refs_by_id(got[0], [item.data["id"]])
    return found[0] if found else None


def serve(find_root: Callable[[Path], Path], daemon: bool = True) -> None:
    """Answer LSP requests on stdin/stdout until the client sends `exit` (or hangs up). The workspace is
    `find_root` of the client's root folder (or of the current folder)."""
    ls = build(daemon)

    @ls.feature(lsp.INITIALIZE)
    def initialize(ls: GraphServer, params: lsp.InitializeParams) -> None:
        folder = ls.workspace.root_path
        ls.start(find_root(Path(folder) if folder else Path.cwd()))
    try:
        ls.start_io()
    finally:
        ls.close()
