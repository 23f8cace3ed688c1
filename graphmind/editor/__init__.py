"""The language server: LSP requests answered from the index (`graphmind lsp`, docs/editors.md)."""
