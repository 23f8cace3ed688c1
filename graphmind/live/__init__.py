"""Keeping the index fresh while files change: watcher, change queue, daemon, its socket server, client
and protocol, tree cache, freshness checks. May import the shared modules, store, resolve, lang, index
and query; imported only by agent and the CLI."""
