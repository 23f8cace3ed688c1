"""Files to rows: walk the workspace, hash, parse (the only door to tree-sitter), extract definitions,
calls, imports, bases and flow facts, reuse extractions by content hash, and the indexer that wires
walk → workers → store → resolve for `graphmind index` and the daemon.

May import: the shared top-level modules, graphmind.store, graphmind.resolve and graphmind.lang;
never query/, live/ or agent/ (the daemon passes in what it keeps, such as its tree cache).
"""
