"""The store: the only SQL writer: schema loading, connections (one writer, read-only readers),
every INSERT/UPDATE/DELETE of the index, the lexical search rows, and the extraction cache's file.

It may import only the shared top-level modules (models, errors, config, resources, languages, ...).
Resolution rules reach it as a FilePlanner passed to the writes of files (graphmind/store/plan.py).
Callers import from here: `from graphmind.store import Store, open_reader`. Each name is imported from
its module when first asked for, so a query process that only reads never imports the writer.
"""
from importlib import import_module

_HOME = {"BUSY_TIMEOUT_MS": "connect", "graph_version": "connect", "index_path": "connect", "open_read_only": "connect", "open_reader": "connect",
         "process_alive": "connect", "write_lock": "connect", "DAMAGED": "damage", "DISK": "damage", "disk_error": "damage", "ExtractionFile": "extractions",
         "FilePlan": "plan", "FilePlanner": "plan", "Store": "writer"}

__all__ = sorted(_HOME)


def __getattr__(name: str):
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'graphmind.store' has no attribute {name!r}")
    value = getattr(import_module(f"graphmind.store.{home}"), name)
    globals()[name] = value
    return value
