"""TypeScript and JavaScript ES private names (`#client`, `#cleanup`, `#dispatch()`): a `#x` field declared
with a type or an initializer types the receiver, `this.#m()` reaches the private method, and `#x` and `x`
are different members. TanStack Query's core is written this way (`this.#client.getMutationCache()`,
`#mutationCache = new MutationCache()`): 149 of its 231 misses against the compiler
(scripts/score_ts_oracle.py) were calls through private names."""
from __future__ import annotations

from flowcases import call_targets
from langcases import indexed_workspace

from graphmind.store import open_reader

CACHE = """
export class MutationCache {
  build(options: unknown) { return options; }
  notify(event: unknown) {}
  clear() {}
}
export class QueryCache {
  find(key: string) { return key; }
  clear() {}
}
"""
CLIENT = """
import { MutationCache, QueryCache } from "./cache.js";

export class QueryClient {
  #queryCache: QueryCache;
  #mutationCache = new MutationCache();
  queryCache = new MutationCache();
  #mountCount: number;
  #unsubscribe?: () => void;

  constructor(cache?: QueryCache) {
    this.#queryCache = cache || new QueryCache();
    this.#mountCount = 0;
  }

  getMutationCache(): MutationCache {
    return this.#mutationCache;
  }

  mount(): void {
    this.#mountCount++;
    this.#queryCache.find("all");
    this.#mutationCache.notify({ type: "mount" });
    this.#unsubscribe?.();
  }

  clear(): void {
    this.#queryCache.clear();
    this.queryCache.clear();
    this.#reset();
  }

  #reset(): void {
    this.#mountCount = 0;
  }

  reset(): void {}
}

export class MutationObserver {
  #client: QueryClient;
  #currentMutation?: ReturnType<MutationCache["build"]>;

  constructor(client: QueryClient) {
    this.#client = client;
  }

  mutate(variables: unknown) {
    this.#client.getMutationCache().build(variables);
    this.#client.mount();
  }

  #dispatch(): void {
    const client = this.#client;
    client.clear();
  }

}
"""


def _conn(tmp_path, **more: str):
    return open_reader(indexed_workspace(tmp_path, {"cache.ts": CACHE, "client.ts": CLIENT, **more}))


def test_a_private_field_with_a_type_or_an_initializer_types_the_receiver(tmp_path):
    conn = _conn(tmp_path)
    assert call_targets(conn, "client.QueryClient.mount", "this.#queryCache.find") == {("self", "cache.QueryCache.find")}
    assert call_targets(conn, "client.QueryClient.mount", "this.#mutationCache.notify") == {
        ("self", "cache.MutationCache.notify")}
    assert call_targets(conn, "client.MutationObserver.mutate", "this.#client.mount") == {
        ("self", "client.QueryClient.mount")}
    assert call_targets(conn, "client.MutationObserver.mutate", "this.#client.getMutationCache") == {
        ("self", "client.QueryClient.getMutationCache")}


def test_this_private_method_reaches_the_private_method_not_the_public_one(tmp_path):
    conn = _conn(tmp_path)
    assert call_targets(conn, "client.QueryClient.clear", "this.#reset") == {("self", "client.QueryClient.#reset")}


def test_a_private_name_and_a_public_name_are_different_members(tmp_path):
    """`#queryCache` is a QueryCache, `queryCache` a MutationCache: each call goes to its own field's type."""
    conn = _conn(tmp_path)
    assert call_targets(conn, "client.QueryClient.clear", "this.#queryCache.clear") == {("self", "cache.QueryCache.clear")}
    assert call_targets(conn, "client.QueryClient.clear", "this.queryCache.clear") == {
        ("self", "cache.MutationCache.clear")}


OBSERVER_JS = """
import { QueryClient } from "./client.js";

export class QueryObserver {
  #client = new QueryClient();
  #timer;

  refetch() {
    this.#client.mount();
    this.#notify();
  }

  #notify() {}
  notify() {}
}
"""


def test_a_local_holding_a_private_field_has_its_type(tmp_path):
    conn = _conn(tmp_path)
    assert call_targets(conn, "client.MutationObserver.#dispatch", "client.clear") == {
        ("inferred", "client.QueryClient.clear")}


def test_javascript_private_fields_and_methods(tmp_path):
    conn = _conn(tmp_path, **{"observer.js": OBSERVER_JS})
    assert call_targets(conn, "observer.QueryObserver.refetch", "this.#client.mount") == {
        ("self", "client.QueryClient.mount")}
    assert call_targets(conn, "observer.QueryObserver.refetch", "this.#notify") == {
        ("self", "observer.QueryObserver.#notify")}
