"""Call sites to definitions: the symbol tables, scopes and imports, the class hierarchy, Python's type
flow, a file's interface (what a save changes for other files), the session a daemon keeps between
updates, and the hooks protocol through which graphmind/lang/ adds language rules.

May import: the shared top-level modules and graphmind.store; never graphmind.lang (languages find
the resolver through `hooks.Resolving` and register themselves in `hooks`), index/, query/, live/, agent/.
"""
