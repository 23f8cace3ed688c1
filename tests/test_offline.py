"""No network at run time: every grammar loads and a workspace indexes with sockets blocked."""
from __future__ import annotations

import subprocess
import sys

# Run first in a subprocess: every way out to the network raises (tests/test_semantic.py uses it too).
BLOCK_SOCKETS = r'''
import socket, sys
def refuse(*a, **k):
    raise OSError("network blocked by the test")
socket.socket.connect = refuse
socket.socket.connect_ex = refuse
socket.socket.sendto = refuse
socket.create_connection = refuse
socket.getaddrinfo = refuse
'''
SCRIPT = BLOCK_SOCKETS + r'''
from pathlib import Path
from graphmind.languages import LANGUAGES, has_tags
from graphmind.index import parser
loaded = []
for spec in LANGUAGES:
    parser.grammar(spec.name)
    if has_tags(spec.name):
        parser.tags_query(spec.name)
    loaded.append(spec.name)
from graphmind.index.indexer import index_workspace
from graphmind.query.export import call_graph
summary = index_workspace(Path(sys.argv[1]), jobs=2)
print(len(loaded), summary.changed, len(call_graph(Path(sys.argv[1]))))
'''


def test_grammars_and_indexing_work_offline(shop):
    proc = subprocess.run([sys.executable, "-c", SCRIPT, str(shop)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    loaded, changed, callers = map(int, proc.stdout.split())
    from graphmind.languages import LANGUAGES
    assert loaded == len(LANGUAGES) and changed == 10 and callers > 10
