"""TypeScript: what a `Record<K, V>` (or an index signature `{ [key: string]: V }`) gives when indexed
by a variable key. Redux Toolkit keeps its cache lifecycles in one
(`const lifecycleMap: Record<string, CacheLifecycle> = {}`, then `const lifecycle = lifecycleMap[cacheKey]`,
`lifecycle.valueResolved(…)`, `lifecycleMap[requestId]?.resolve(…)`): the compiler names CacheLifecycle's
members (4 sites of @reduxjs/toolkit 2.14.0 left `possible`, scripts/score_ts_oracle.py)."""
from __future__ import annotations

from flowcases import call_targets
from langcases import indexed_workspace

from graphmind.store import open_reader

LIFECYCLE = """
export const buildCacheLifecycleHandler = (api: unknown) => {
  type CacheLifecycle = {
    valueResolved?(value: { data: unknown; meta: unknown }): unknown
    cacheEntryRemoved(): void
  }
  const lifecycleMap: Record<string, CacheLifecycle> = {}

  function resolveLifecycleEntry(cacheKey: string, data: unknown) {
    const lifecycle = lifecycleMap[cacheKey]
    if (lifecycle?.valueResolved) {
      lifecycle.valueResolved({ data, meta: undefined })
    }
  }

  function removeLifecycleEntry(cacheKey: string) {
    lifecycleMap[cacheKey]?.cacheEntryRemoved()
    delete lifecycleMap[cacheKey]
  }
  return { resolveLifecycleEntry, removeLifecycleEntry }
}
"""
REGISTRY = """
export interface Listener {
  notify(): void
}

export class Registry {
  private byId: { [id: string]: Listener } = {}
  private byName: Readonly<Record<string, Listener | undefined>> = {}

  fire(id: string, name: string) {
    this.byId[id].notify()
    this.byName[name]?.notify()
  }
}
"""
DECOY = "export class Decoy { valueResolved() {} cacheEntryRemoved() {} notify() {} }\n"


def test_a_record_indexed_by_a_variable_key_is_its_value_type(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"cacheLifecycle.ts": LIFECYCLE, "decoy.ts": DECOY}))
    outer = "cacheLifecycle.buildCacheLifecycleHandler"
    called = {edge for edge in call_targets(conn, f"{outer}.resolveLifecycleEntry", "lifecycle.valueResolved")
              if edge[0] != "unreached"}   # the property read `lifecycle?.valueResolved` is a row of its own
    assert called == {
        ("inferred", f"{outer}.CacheLifecycle.valueResolved")}
    assert call_targets(conn, f"{outer}.removeLifecycleEntry", "lifecycleMap[cacheKey]?.cacheEntryRemoved") == {
        ("inferred", f"{outer}.CacheLifecycle.cacheEntryRemoved")}


def test_an_index_signature_indexed_by_a_variable_key_is_its_value_type(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"registry.ts": REGISTRY, "decoy.ts": DECOY}))
    assert call_targets(conn, "registry.Registry.fire", "this.byId[id].notify") == {("inferred", "registry.Listener.notify")}
    assert call_targets(conn, "registry.Registry.fire", "this.byName[name]?.notify") == {("inferred", "registry.Listener.notify")}


FORM = """
import { FieldApi } from "./fieldApi"

export type ValidationMeta = {
  validationResolve?: (error: unknown) => void
}

export type FieldInfo<TFormData> = {
  instances: Record<string, FieldApi<TFormData>>
} & ValidationMeta

export class FormApi<TFormData> {
  fieldInfo: Record<string, FieldInfo<TFormData>> = {} as any

  validateAllFields = () => {
    void (Object.values(this.fieldInfo) as FieldInfo<any>[]).forEach((field) => {
      Object.values(field.instances).forEach((instance) => {
        instance.setMeta(true)
      })
    })
    for (const info of Object.values(this.fieldInfo)) {
      info.validationResolve?.(undefined)
    }
  }
}
"""
FIELD = """
export class FieldApi<TFormData> {
  setMeta(touched: boolean) {}
}
"""


def test_the_values_of_a_record_are_its_value_type(tmp_path):
    """TanStack Form's `Object.values(field.instances).forEach((instance) => instance.setMeta(…))`
    (`instances: Record<string, FieldApi<…>>`): the compiler names FieldApi's setMeta."""
    conn = open_reader(indexed_workspace(tmp_path, {"formApi.ts": FORM, "fieldApi.ts": FIELD, "decoy.ts": DECOY,
                                                    "other.ts": "export class Other { setMeta() {} }\n"}))
    caller = "formApi.FormApi.validateAllFields"
    assert call_targets(conn, caller, "instance.setMeta") == {("inferred", "fieldApi.FieldApi.setMeta")}
