"""TypeScript: calls through fields that hold functions. The compiler names the field a call goes
through (`this.dehancer(v)` with `dehancer: any`, `this.onInvalidate_()` with a constructor parameter
property `private onInvalidate_: () => void`, `this.cleanup_?.()` with `cleanup_: Lambda | undefined`),
and the function-typed member of an object type alias (immer's `type PatchesPlugin = { getPath: (s) => P }`).
These were left `possible` (MobX 7.1.3 and immer 11.2.14 against scripts/score_ts_oracle.py)."""
from __future__ import annotations

from flowcases import call_targets
from langcases import assert_equals_clean, indexed_workspace

from graphmind.index.indexer import index_workspace
from graphmind.store import open_reader

REACTION = """
export type Lambda = () => void
export interface IEqualsComparer<T> {
    (a: T, b: T): boolean
}

export class Reaction {
    dehancer: any
    private cleanup_: Lambda | undefined = undefined
    private equals_: IEqualsComparer<any>

    constructor(
        public name_: string = "Reaction",
        private onInvalidate_: () => void,
        private errorHandler_?: (error: any, r: Reaction) => void,
        readonly scheduler_?: Lambda
    ) {
        this.equals_ = (a, b) => a === b
    }

    runReaction_() {
        try {
            this.onInvalidate_()
        } catch (e) {
            this.errorHandler_?.(e, this)
        }
        this.cleanup_?.()
        this.scheduler_?.()
        return this.equals_(1, 2) ? this.dehancer(1) : undefined
    }
}
"""
PLUGINS = """
export type PatchesPlugin = {
    generatePatches_(state: object, basePath: string[]): void
    getPath: (state: object) => string[] | null
}

let plugin: PatchesPlugin | undefined

export function usePatches(state: object, patches: PatchesPlugin) {
    const path = patches.getPath(state)
    patches.generatePatches_(state, path!)
}
"""
DECOY = """
export class Decoy {
    dehancer() {}
    cleanup_() {}
    equals_() {}
    onInvalidate_() {}
    errorHandler_() {}
    scheduler_() {}
    getPath() {}
}
"""
FILES = {"reaction.ts": REACTION, "plugins.ts": PLUGINS, "decoy.ts": DECOY}


def test_a_call_through_a_field_reaches_the_field(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, FILES))
    caller = "reaction.Reaction.runReaction_"
    for name in ("dehancer", "cleanup_", "equals_", "onInvalidate_", "errorHandler_", "scheduler_"):
        assert call_targets(conn, caller, f"this.{name}") == {("self", f"reaction.Reaction.{name}")}, name
    rows = dict(conn.execute("SELECT qualname, kind FROM symbols WHERE qualname LIKE 'reaction.Reaction.%'"))
    assert rows["reaction.Reaction.onInvalidate_"] == "variable"
    assert rows["reaction.Reaction.scheduler_"] == "constant"      # readonly
    assert "reaction.Reaction.constructor.onInvalidate_" not in rows


def test_a_function_typed_member_of_an_object_type_alias_is_a_method(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, FILES))
    assert call_targets(conn, "plugins.usePatches", "patches.getPath") == {("inferred", "plugins.PatchesPlugin.getPath")}
    assert call_targets(conn, "plugins.usePatches", "patches.generatePatches_") == {
        ("inferred", "plugins.PatchesPlugin.generatePatches_")}


def test_a_field_removed_re_resolves_as_a_clean_index(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    (work / "reaction.ts").write_text(REACTION.replace("    dehancer: any\n", ""))
    index_workspace(work)
    assert ("self", "reaction.Reaction.dehancer") not in call_targets(
        open_reader(work), "reaction.Reaction.runReaction_", "this.dehancer")
    assert_equals_clean(work, tmp_path)
