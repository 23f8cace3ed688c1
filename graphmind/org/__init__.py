"""The organisation-wide graph: a workspace's graph published into PostgreSQL (psycopg 3) and the
blast radius walked across every published repository, one query per hop (docs/org.md).

May import only the shared modules, store and query; nothing below imports it (cli and agent do)."""
