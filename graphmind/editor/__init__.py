"""The language server (`graphmind lsp`, docs/editors.md): LSP requests translated into query/ walks.
May import the shared modules, store/, query/ and live/ (its daemon); only cli_daemon.py imports it."""
