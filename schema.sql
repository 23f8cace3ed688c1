-- graphmind index schema. The index is derived data: when user_version differs from the store's,
-- the store deletes the index and rebuilds it instead of migrating.
PRAGMA user_version = 15;
-- Foreign keys document the shape; they are not enforced: the store deletes dependent rows itself.

-- One row per indexed file. status: ok | partial (syntax errors, recovered) | error (not parsed).
CREATE TABLE IF NOT EXISTS files (
    id        INTEGER PRIMARY KEY,
    path      TEXT NOT NULL UNIQUE,          -- relative to the workspace root, '/'-separated
    language  TEXT NOT NULL,
    module    TEXT NOT NULL,                 -- the qualified name of the file's module
    size      INTEGER NOT NULL,
    mtime_ns  INTEGER NOT NULL,
    sha256    TEXT NOT NULL,
    status    TEXT NOT NULL,
    error     TEXT,
    indexed_at REAL NOT NULL
) STRICT;

-- Definitions. The module itself is a symbol of kind 'module' spanning the whole file, so that
-- module-level code has a caller. Module- and class-level variables are leaf definitions of kind
-- 'constant' or 'variable' (docs/schema.md).
CREATE TABLE IF NOT EXISTS symbols (
    id         INTEGER PRIMARY KEY,
    file_id    INTEGER NOT NULL REFERENCES files(id),
    qualname   TEXT NOT NULL,
    name       TEXT NOT NULL,
    kind       TEXT NOT NULL,
    start_line INTEGER NOT NULL,             -- 1-based, inclusive
    end_line   INTEGER NOT NULL,
    start_byte INTEGER NOT NULL,
    end_byte   INTEGER NOT NULL,
    signature  TEXT NOT NULL,
    parent_id  INTEGER REFERENCES symbols(id),
    text_hash  INTEGER,                      -- fingerprint of its search texts (graphmind/searchindex.py)
    definition_id INTEGER REFERENCES symbols(id)   -- a C++ member declared in its class: its out-of-line definition (set by resolution)
) STRICT;

-- Call sites and the other dependency sites, one row per edge. A site resolved to one definition
-- has one row with target_id set; a site with several candidates ('possible') has one row per
-- candidate, each with the candidate count; a site that could not be resolved has one row with
-- target_id NULL. kind says how the caller depends on the target (graphmind/edgekinds.py): call,
-- constructor and instantiate (a class called: `Cls()` -> __init__ and the class), decorator,
-- property, implicit, dispatch (an override `self.m()` may run), reference (a type named in an
-- annotation, isinstance or except), import (a module -> what it imports), override (a method ->
-- the base method it overrides), read (a module- or class-level variable read). Base classes are
-- edges of their own: inherits.target_id.
CREATE TABLE IF NOT EXISTS calls (
    id         INTEGER PRIMARY KEY,
    file_id    INTEGER NOT NULL REFERENCES files(id),
    caller_id  INTEGER NOT NULL REFERENCES symbols(id),
    callee     TEXT NOT NULL,                -- the callee as written, e.g. 'self.save', 'os.path.join'
    name       TEXT NOT NULL,                -- its last component, e.g. 'save'
    line       INTEGER NOT NULL,
    col        INTEGER NOT NULL,
    target_id  INTEGER REFERENCES symbols(id),
    resolution TEXT NOT NULL,                -- pending | local | import | self | inferred | possible | builtin | external | unresolved | unreached
    candidates INTEGER NOT NULL DEFAULT 0,
    implicit   INTEGER NOT NULL DEFAULT 0,   -- 1: an operator, subscript, with or callback call (kept only when resolved); 2: a member or name read
    kind       TEXT NOT NULL DEFAULT 'call',
    arity      INTEGER,                      -- arguments written at the call, for overloads (Java, Kotlin, Scala, C#, C++); else NULL
    args       TEXT                          -- the arguments as written, tab-separated, for overloads of one count (Java); else NULL
) STRICT;

-- What names hold, for type-aware resolution: assignments, annotations, parameters, `self.x = …`,
-- with/for targets (kind), and return values (kind 'return', or 'returns' for the annotation).
CREATE TABLE IF NOT EXISTS bindings (
    id        INTEGER PRIMARY KEY,
    file_id   INTEGER NOT NULL REFERENCES files(id),
    scope_id  INTEGER NOT NULL REFERENCES symbols(id),
    name      TEXT NOT NULL,
    kind      TEXT NOT NULL,
    value     TEXT NOT NULL,                 -- the expression or annotation as written
    line      INTEGER NOT NULL,
    flow      INTEGER NOT NULL DEFAULT 0,    -- 0: order does not matter in this scope; 1: top level of its body; 2: nested
    last_name TEXT                           -- a decorator's: the name its text ends with (store/ancestors.py); else NULL
) STRICT;

CREATE TABLE IF NOT EXISTS imports (
    id        INTEGER PRIMARY KEY,
    file_id   INTEGER NOT NULL REFERENCES files(id),
    scope_id  INTEGER NOT NULL REFERENCES symbols(id),
    module    TEXT NOT NULL,                 -- as written, e.g. '..pkg.mod', './util'
    symbol    TEXT,                          -- imported name; NULL for a whole module; '*' for a star
    alias     TEXT NOT NULL,                 -- the local name bound
    resolved  TEXT,                          -- the absolute module qualified name, when known
    line      INTEGER NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS inherits (
    id        INTEGER PRIMARY KEY,
    file_id   INTEGER NOT NULL REFERENCES files(id),
    class_id  INTEGER NOT NULL REFERENCES symbols(id),
    base      TEXT NOT NULL,                 -- as written
    position  INTEGER NOT NULL,
    target_id INTEGER REFERENCES symbols(id),
    line      INTEGER NOT NULL DEFAULT 0,    -- where the base is written
    last_name TEXT NOT NULL DEFAULT ''       -- the name the base ends with: `pkg.Base[T]` -> Base (store/ancestors.py)
) STRICT;

CREATE TABLE IF NOT EXISTS meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) STRICT;

-- Lexical search (written by graphmind/searchindex.py with the symbols, read by graphmind/search.py).
-- One search_text row per symbol, rowid = symbols.id, contentless (the texts live in symbols and files).
-- name: the name folded to one token (parse_http_request, parseHttpRequest -> parsehttprequest),
-- words, qualname, signature, doc (docstring or leading comment), path: split into words.
CREATE VIRTUAL TABLE IF NOT EXISTS search_text USING fts5(
    name, words, qualname, signature, doc, path,
    content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2');
-- Substrings and near-misses: trigrams of symbol names (rowid = symbols.id) and paths (rowid = files.id).
CREATE VIRTUAL TABLE IF NOT EXISTS search_names USING fts5(
    name, content='', contentless_delete=1, tokenize='trigram');
CREATE VIRTUAL TABLE IF NOT EXISTS search_paths USING fts5(
    path, content='', contentless_delete=1, tokenize='trigram');


-- Repo map (graphmind/maprank.py; written by store.write_map). Derived from the graph and current
-- while meta.map_version = meta.graph_version (the store bumps graph_version on every graph write).
-- map_ranks: the unfocused ranked list, best first: a definition, or a file shown by name (its
-- module symbol), with its score. map_graph: the reference graph as one numpy .npz blob (refgraph.py).
CREATE TABLE IF NOT EXISTS map_ranks (
    position  INTEGER PRIMARY KEY,
    symbol_id INTEGER NOT NULL REFERENCES symbols(id),
    score     REAL NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS map_graph (
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    data BLOB NOT NULL
) STRICT;

-- indexes: built after a cold load, kept during incremental updates.
CREATE INDEX IF NOT EXISTS symbols_file ON symbols(file_id);
CREATE INDEX IF NOT EXISTS symbols_qualname ON symbols(qualname);
CREATE INDEX IF NOT EXISTS symbols_name ON symbols(name);
CREATE INDEX IF NOT EXISTS symbols_parent ON symbols(parent_id);
CREATE INDEX IF NOT EXISTS symbols_definition ON symbols(definition_id) WHERE definition_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS calls_target ON calls(target_id, caller_id);
CREATE INDEX IF NOT EXISTS calls_caller ON calls(caller_id, target_id);
CREATE INDEX IF NOT EXISTS calls_file ON calls(file_id, line);
CREATE INDEX IF NOT EXISTS calls_pending ON calls(id) WHERE resolution = 'pending';
CREATE INDEX IF NOT EXISTS calls_name ON calls(name);
CREATE INDEX IF NOT EXISTS calls_imports ON calls(target_id) WHERE kind = 'import';   -- a module's importers (store/reopen.py)
CREATE INDEX IF NOT EXISTS imports_file ON imports(file_id);
CREATE INDEX IF NOT EXISTS imports_resolved ON imports(resolved);
CREATE INDEX IF NOT EXISTS imports_symbol ON imports(symbol);
CREATE INDEX IF NOT EXISTS imports_renames ON imports(alias, symbol) WHERE symbol IS NOT NULL AND alias != symbol;   -- store/ancestors.py
CREATE INDEX IF NOT EXISTS bindings_file ON bindings(file_id);
CREATE INDEX IF NOT EXISTS bindings_args ON bindings(name) WHERE kind = 'args';   -- call sites per name (store/flows.py)
CREATE INDEX IF NOT EXISTS bindings_decorators ON bindings(last_name) WHERE kind = 'decorator';   -- store/reopen.py
CREATE INDEX IF NOT EXISTS inherits_class ON inherits(class_id);
CREATE INDEX IF NOT EXISTS inherits_file ON inherits(file_id);
CREATE INDEX IF NOT EXISTS inherits_target ON inherits(target_id, class_id);
CREATE INDEX IF NOT EXISTS inherits_last_name ON inherits(last_name);   -- subclasses by base name (store/reopen.py)
CREATE INDEX IF NOT EXISTS symbols_name_nocase ON symbols(name COLLATE NOCASE);

-- extraction cache: a file of its own (graphmind/reuse.py: `<git common dir>/graphmind/extractions.db`,
-- shared by every worktree of a repository; `.graphmind/extractions.db` outside git), not the index.
-- Content-addressed extractions kept by the daemon: what a file's content yields, so content seen
-- before (a branch switched back, a file restored, the same file in another worktree) is not parsed
-- again. variant: language|module|package flag|fingerprint of the extractor and queries.
CREATE TABLE IF NOT EXISTS extractions (
    sha256   TEXT NOT NULL,
    variant  TEXT NOT NULL,
    data     BLOB NOT NULL,                  -- zlib-compressed JSON of the Extraction
    used_at  REAL NOT NULL,
    PRIMARY KEY (sha256, variant)
) STRICT;
