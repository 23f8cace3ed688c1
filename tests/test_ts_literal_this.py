"""TypeScript and JavaScript: `this` in a method of an object literal is the literal. MobX's
`arrayExtensions = { clear() { return this.splice(0) }, splice(…) {…} }`: the compiler names the
`splice` the literal defines (7 sites of MobX 7.1.3 left `possible`, scripts/score_ts_oracle.py)."""
from __future__ import annotations

from flowcases import call_targets
from langcases import indexed_workspace

from graphmind.store import open_reader

EXTENSIONS = """
export var arrayExtensions = {
    clear(): any[] {
        return this.splice(0)
    },
    splice(index: number, deleteCount?: number, ...newItems: any[]): any[] {
        return []
    },
    pop: function () {
        return this.splice(Math.max(0, 1), 1)[0]
    },
}

export function createQueue() {
    return {
        flush() {
            this.reset()
        },
        reset() {},
    }
}
"""
DECOY = "export class Decoy { splice() {} reset() {} }\n"


def test_this_in_a_literal_method_is_the_literal(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"extensions.ts": EXTENSIONS, "decoy.ts": DECOY}))
    assert call_targets(conn, "extensions.clear", "this.splice") == {("self", "extensions.splice")}
    assert call_targets(conn, "extensions.pop", "this.splice") == {("self", "extensions.splice")}
    assert call_targets(conn, "extensions.createQueue.flush", "this.reset") == {("self", "extensions.createQueue.reset")}


def test_a_method_two_literals_of_the_scope_define_is_not_guessed(tmp_path):
    twice = EXTENSIONS + "export var other = { splice() { return [] } }\n"
    conn = open_reader(indexed_workspace(tmp_path, {"extensions.ts": twice, "decoy.ts": DECOY}))
    assert {how for how, _ in call_targets(conn, "extensions.clear", "this.splice")} == {"possible"}
