"""What coding agents talk to: the MCP server and its token-budgeted answers. May import the shared
modules, store, query and live (never index, resolve or lang: indexing goes through live)."""
