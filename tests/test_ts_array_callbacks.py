"""TypeScript: the untyped parameter of a callback passed to an array's `forEach`, `map`, `filter`, `find`,
`some` or `every` is an element of the array (`mutations.forEach((mutation) => mutation.destroy())` on a
`Mutation[]`), also after `filter(…)`; the compiler names the element type's method. @tanstack/query-core
left 17 such sites `possible` against the compiler (scripts/score_ts_oracle.py)."""
from __future__ import annotations

from flowcases import call_targets
from langcases import indexed_workspace

from graphmind.store import open_reader

QUERY = """
export class Query {
  cancel(): Promise<void> { return Promise.resolve() }
  isDisabled(): boolean { return false }
  reset(): void {}
}
export class Observer {
  refetch(): void {}
  shouldFetch(): boolean { return true }
}
"""
CLIENT = """
import { Query, Observer } from './query'

export class QueryClient {
  #queries: Array<Query> = []
  observers: Observer[] = []

  resetQueries(): void {
    this.#queries.forEach((query) => {
      query.reset()
    })
  }

  cancelQueries(): Promise<void[]> {
    const promises = this.#queries
      .filter((query) => !query.isDisabled())
      .map((query) => query.cancel())
    return Promise.all(promises)
  }

  onFocus(): void {
    const observer = this.observers.find((x) => x.shouldFetch())
    observer?.refetch()
  }
}

export function cancelAll(queries: Query[]) {
  return queries.map((q) => q.cancel())
}
"""
DECOY = "export class Decoy { cancel() {} isDisabled() {} reset() {} refetch() {} shouldFetch() {} }\n"


def _conn(tmp_path):
    return open_reader(indexed_workspace(tmp_path, {"query.ts": QUERY, "queryClient.ts": CLIENT, "decoy.ts": DECOY}))


def test_a_callback_of_an_array_method_takes_the_element(tmp_path):
    conn = _conn(tmp_path)
    assert call_targets(conn, "queryClient.QueryClient.resetQueries", "query.reset") == {("inferred", "query.Query.reset")}
    assert call_targets(conn, "queryClient.cancelAll", "q.cancel") == {("inferred", "query.Query.cancel")}
    assert call_targets(conn, "queryClient.QueryClient.onFocus", "x.shouldFetch") == {
        ("inferred", "query.Observer.shouldFetch")}


def test_after_filter_the_callback_still_takes_the_element(tmp_path):
    conn = _conn(tmp_path)
    assert call_targets(conn, "queryClient.QueryClient.cancelQueries", "query.isDisabled") == {
        ("inferred", "query.Query.isDisabled")}
    assert call_targets(conn, "queryClient.QueryClient.cancelQueries", "query.cancel") == {
        ("inferred", "query.Query.cancel")}
