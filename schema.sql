-- graphmind index schema. The index is derived data: when user_version differs from the store's,
-- the store deletes the index and rebuilds it instead of migrating.
PRAGMA user_version = 1;
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
-- module-level code has a caller.
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
    parent_id  INTEGER REFERENCES symbols(id)
) STRICT;

-- Call sites. A site resolved to one definition has one row with target_id set; a site with
-- several candidates ('possible') has one row per candidate, each with the candidate count; a site
-- that could not be resolved has one row with target_id NULL.
CREATE TABLE IF NOT EXISTS calls (
    id         INTEGER PRIMARY KEY,
    file_id    INTEGER NOT NULL REFERENCES files(id),
    caller_id  INTEGER NOT NULL REFERENCES symbols(id),
    callee     TEXT NOT NULL,                -- the callee as written, e.g. 'self.save', 'os.path.join'
    name       TEXT NOT NULL,                -- its last component, e.g. 'save'
    line       INTEGER NOT NULL,
    col        INTEGER NOT NULL,
    target_id  INTEGER REFERENCES symbols(id),
    resolution TEXT NOT NULL,                -- pending | local | import | self | inferred | possible | builtin | external | unresolved
    candidates INTEGER NOT NULL DEFAULT 0
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
    target_id INTEGER REFERENCES symbols(id)
) STRICT;

CREATE TABLE IF NOT EXISTS meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) STRICT;

-- indexes: built after a cold load, kept during incremental updates.
CREATE INDEX IF NOT EXISTS symbols_file ON symbols(file_id);
CREATE INDEX IF NOT EXISTS symbols_qualname ON symbols(qualname);
CREATE INDEX IF NOT EXISTS symbols_name ON symbols(name);
CREATE INDEX IF NOT EXISTS calls_target ON calls(target_id, caller_id);
CREATE INDEX IF NOT EXISTS calls_caller ON calls(caller_id, target_id);
CREATE INDEX IF NOT EXISTS calls_file ON calls(file_id);
CREATE INDEX IF NOT EXISTS calls_name ON calls(name);
CREATE INDEX IF NOT EXISTS imports_file ON imports(file_id);
CREATE INDEX IF NOT EXISTS inherits_class ON inherits(class_id);
CREATE INDEX IF NOT EXISTS inherits_file ON inherits(file_id);
