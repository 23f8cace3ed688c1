"""The store: the only SQL writer: schema loading, connections (one writer, read-only readers),
every INSERT/UPDATE/DELETE of the index, the lexical search rows, and the extraction cache's file.

It may import only the shared top-level modules (models, errors, config, resources, languages, ...).
Resolution rules reach it as a FilePlanner passed to the writes of files (graphmind/store/plan.py).
Callers import from here: `from graphmind.store import Store, open_reader`.
"""
from graphmind.store.connect import graph_version, index_path, open_read_only, open_reader, process_alive, write_lock
from graphmind.store.damage import DAMAGED
from graphmind.store.extractions import ExtractionFile
from graphmind.store.plan import FilePlan, FilePlanner
from graphmind.store.writer import Store

__all__ = ["DAMAGED", "ExtractionFile", "FilePlan", "FilePlanner", "Store", "graph_version", "index_path",
           "open_read_only", "open_reader", "process_alive", "write_lock"]
