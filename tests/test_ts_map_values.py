"""TypeScript: what a `Map<K, V>` gives. MobX keeps its entries in maps
(`private pendingKeys_: undefined | Map<PropertyKey, ObservableValue<boolean>>`, `data_: Map<K, ObservableValue<V>>`),
and `this.pendingKeys_?.get(key)?.set(true)`, `this.data_.get(key)!.get()` reach ObservableValue's
methods in the compiler's answer (10 sites of MobX 7.1.3 left `possible`, scripts/score_ts_oracle.py)."""
from __future__ import annotations

from flowcases import call_targets
from langcases import indexed_workspace

from graphmind.store import open_reader

VALUE = """
export class ObservableValue<T> {
    constructor(public value_: T) {}
    get(): T {
        return this.value_
    }
    set(newValue: T) {
        this.value_ = newValue
    }
}
"""
MAP = """
import { ObservableValue } from "./observablevalue"

export class ObservableMap<K = any, V = any> {
    data_: Map<K, ObservableValue<V>>
    private hasMap_: ReadonlyMap<K, ObservableValue<boolean>>
    private pendingKeys_: undefined | Map<PropertyKey, ObservableValue<boolean>>

    constructor() {
        this.data_ = new Map()
        this.hasMap_ = new Map()
    }

    get(key: K): V | undefined {
        this.hasMap_.get(key)?.set(true)
        this.pendingKeys_?.get(key)?.set(false)
        const entry = this.data_.get(key)
        entry?.get()
        return this.data_.get(key)!.get()
    }
}
"""
DECOY = "export class Decoy { get() {} set() {} }\n"


def test_a_map_value_is_what_the_map_declares(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"observablevalue.ts": VALUE, "observablemap.ts": MAP,
                                                    "decoy.ts": DECOY}))
    caller = "observablemap.ObservableMap.get"
    for callee, target in [("this.hasMap_.get(key)?.set", "set"), ("this.pendingKeys_?.get(key)?.set", "set"),
                           ("entry?.get", "get"), ("this.data_.get(key)!.get", "get")]:
        assert call_targets(conn, caller, callee) == {("inferred", f"observablevalue.ObservableValue.{target}")}, callee
