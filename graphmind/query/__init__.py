"""Pure reads of the index: graph walks, lookup, search, repo map, change impact, status, export.
May import only the shared modules and store (never index, resolve, lang, live or agent)."""
