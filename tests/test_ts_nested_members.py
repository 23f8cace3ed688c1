"""TypeScript members the compiler finds and graphmind missed (#37): the members of an object type written
for another member (`readonly hydrationScripts: { reserveFastPath: (…) => boolean }` in TanStack Router's
`ServerSsr`, `hooks: {…}` in an object type alias), and names destructured from each element of a loop
(`for (const { deferred } of deferredLoadSubsets) deferred.reject(error)`, TanStack DB's sync)."""
from __future__ import annotations

from flowcases import call_targets
from langcases import indexed_workspace

from graphmind.store import open_reader

SSR = """
export type HydrationScriptOutput = { html: string }

export interface ServerSsr {
  /** @internal Transport access for the core SSR stream merger. */
  readonly hydrationScripts: {
    requestSignal?: AbortSignal
    reserveFastPath: (output?: HydrationScriptOutput) => boolean
    claimOutput: () => HydrationScriptOutput
    liftBarrier(): void
  }
  cleanup: () => void
}

export type ListenerEntry<State = unknown> = {
  id: string
  hooks: {
    onError: (error: unknown, state: State) => void
    timers: { clear: () => void }
  }
}
"""
STREAM = """
import type { ListenerEntry, ServerSsr } from './ssr'

export function transformStreamWithRouter(serverSsr: ServerSsr, output: string) {
  const hydrationScripts = serverSsr.hydrationScripts
  if (hydrationScripts.reserveFastPath()) {
    const hydrationOutput = hydrationScripts.claimOutput()
    hydrationScripts.liftBarrier()
  }
  serverSsr.hydrationScripts.reserveFastPath({ html: output })
}

export function notify(entry: ListenerEntry<number>, error: unknown) {
  entry.hooks.onError(error, 1)
  entry.hooks.timers.clear()
}
"""
DECOY = ("export class Decoy { reserveFastPath() {} claimOutput() {} liftBarrier() {} onError() {} clear() {}"
         " resolve() {} reject() {} }\n")


def test_members_of_an_object_type_written_for_a_member(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"ssr.ts": SSR, "stream.ts": STREAM, "decoy.ts": DECOY}))
    scripts = "ssr.ServerSsr.hydrationScripts"
    assert call_targets(conn, "stream.transformStreamWithRouter", "hydrationScripts.reserveFastPath") == {
        ("inferred", f"{scripts}.reserveFastPath")}
    assert call_targets(conn, "stream.transformStreamWithRouter", "hydrationScripts.claimOutput") == {
        ("inferred", f"{scripts}.claimOutput")}
    assert call_targets(conn, "stream.transformStreamWithRouter", "hydrationScripts.liftBarrier") == {
        ("inferred", f"{scripts}.liftBarrier")}
    assert call_targets(conn, "stream.transformStreamWithRouter", "serverSsr.hydrationScripts.reserveFastPath") == {
        ("inferred", f"{scripts}.reserveFastPath")}
    assert call_targets(conn, "stream.notify", "entry.hooks.onError") == {("inferred", "ssr.ListenerEntry.hooks.onError")}
    assert call_targets(conn, "stream.notify", "entry.hooks.timers.clear") == {
        ("inferred", "ssr.ListenerEntry.hooks.timers.clear")}


DEFERRED = """
export interface Deferred<T> {
  promise: Promise<T>
  resolve: (value: T | PromiseLike<T>) => void
  reject: (reason?: Error | unknown) => void
}

export function createDeferred<T>(): Deferred<T> {
  let resolve!: (value: T | PromiseLike<T>) => void
  let reject!: (reason?: Error | unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}
"""
SYNC = """
import type { Deferred } from './deferred'

interface DeferredLoadSubset {
  options: { limit: number }
  deferred: Deferred<void>
}

export class CollectionSyncManager {
  private deferredLoadSubsets: Array<DeferredLoadSubset> = []

  failPending(error: unknown) {
    for (const { deferred } of this.deferredLoadSubsets) {
      deferred.reject(error)
    }
  }

  settle(loads: DeferredLoadSubset[]) {
    for (const { deferred: pending, options } of loads!) {
      pending.resolve()
    }
  }
}
"""


def test_names_destructured_from_each_element_of_a_loop(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"deferred.ts": DEFERRED, "sync.ts": SYNC, "decoy.ts": DECOY}))
    assert call_targets(conn, "sync.CollectionSyncManager.failPending", "deferred.reject") == {
        ("inferred", "deferred.Deferred.reject")}
    assert call_targets(conn, "sync.CollectionSyncManager.settle", "pending.resolve") == {
        ("inferred", "deferred.Deferred.resolve")}


UTILS = """
export type PickAsRequired<TValue, TKey extends keyof TValue> = Omit<
  TValue,
  TKey
> &
  Required<Pick<TValue, TKey>>
"""
ROUTER = """
import type { PickAsRequired } from './utils'

export type SearchParser = (searchStr: string) => Record<string, any>
export type SearchSerializer = (search: Record<string, any>) => string

export interface RouterOptions<TRouteTree, TDehydrated = undefined> {
  parseSearch?: SearchParser
  stringifySearch?: SearchSerializer
  hydrate?: (dehydrated: TDehydrated) => void
}

export class RouterCore<TRouteTree, TDehydrated = undefined> {
  options!: PickAsRequired<
    RouterOptions<TRouteTree, TDehydrated>,
    'stringifySearch' | 'parseSearch'
  >
  defaults!: Required<Pick<RouterOptions<TRouteTree, TDehydrated>, 'parseSearch'>>

  buildLocation(search: string) {
    const parsedSearch = this.options.parseSearch(search)
    this.defaults.parseSearch(search)
    return this.options.stringifySearch(parsedSearch)
  }
}
"""
PARSER = "export class Decoy { parseSearch() {} stringifySearch() {} }\n"


def test_members_through_a_generic_type_alias_and_nested_standard_wrappers(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"utils.ts": UTILS, "router.ts": ROUTER, "decoy.ts": PARSER}))
    build = "router.RouterCore.buildLocation"
    assert call_targets(conn, build, "this.options.parseSearch") == {("self", "router.RouterOptions.parseSearch")}
    assert call_targets(conn, build, "this.options.stringifySearch") == {("self", "router.RouterOptions.stringifySearch")}
    assert call_targets(conn, build, "this.defaults.parseSearch") == {("self", "router.RouterOptions.parseSearch")}


PARAMS = ("TRegister, TParentRoute, TId, TCustomId, TFullPath, TPath, TSearchValidator, TParams, TLoaderDeps,"
          " TLoaderFn, TRouterContext, TRouteContextFn, TBeforeLoadFn, TSSR, TServerMiddlewares, THandlers")
LISTED = PARAMS.replace(", ", ",\n  ")
ROUTE = f"""
export interface UpdatableRouteOptions<in out TParentRoute, in out TRouteId, in out TParams> {{
  onError?: (err: any) => void
  loaderDeps?: (opts: {{ search: TParams }}) => Record<string, any>
}}

export interface FilebaseRouteOptionsInterface<{PARAMS}> {{
  context?: (ctx: TRouterContext) => any
  beforeLoad?: (ctx: TRouteContextFn) => any
}}

export type BaseRouteOptions<{PARAMS}> = FilebaseRouteOptionsInterface<
  {LISTED}
> & {{
  getParentRoute: () => TParentRoute
}}

export type RouteOptions<{PARAMS}> = BaseRouteOptions<
  {LISTED}
> &
  UpdatableRouteOptions<NoInfer<TParentRoute>, NoInfer<TCustomId>, NoInfer<TParams>>

export interface Route<{PARAMS}> {{
  id: TId
  options: RouteOptions<
    {LISTED}
  >
}}

export type AnyRoute = Route<any, any, any, any, any, any, any, any, any, any, any, any, any, any, any, any>
"""
LOAD = """
import type { AnyRoute } from './route'

export function normalizeError(route: AnyRoute, cause: unknown) {
  route.options.onError?.(cause)
}

export async function loadRoute(route: AnyRoute) {
  const context = route.options.context?.({})
  await route.options.beforeLoad?.(context)
  return route.options.getParentRoute()
}
"""
ROUTE_DECOY = "export class Decoy { onError() {} context() {} beforeLoad() {} getParentRoute() {} }\n"


def test_members_through_long_generic_types_written_over_many_lines(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"route.ts": ROUTE, "load.ts": LOAD, "decoy.ts": ROUTE_DECOY}))
    assert call_targets(conn, "load.normalizeError", "route.options.onError") == {
        ("inferred", "route.UpdatableRouteOptions.onError")}
    assert call_targets(conn, "load.loadRoute", "route.options.context") == {
        ("inferred", "route.FilebaseRouteOptionsInterface.context")}
    assert call_targets(conn, "load.loadRoute", "route.options.beforeLoad") == {
        ("inferred", "route.FilebaseRouteOptionsInterface.beforeLoad")}
    assert call_targets(conn, "load.loadRoute", "route.options.getParentRoute") == {
        ("inferred", "route.BaseRouteOptions.getParentRoute")}


FACADE = """
export class CollectionImpl {
  _deferPublication(): void {}
  cleanup(): Promise<void> { return Promise.resolve() }
}
export class LiveQueryObserver {
  dispose(): void {}
}

type FacadeEntry = {
  collection: CollectionImpl
  order: WeakMap<object, string>
}

export class BucketFacadeAdapter {
  private observers = new Map<CollectionImpl, LiveQueryObserver>()

  restore(rows: Map<FacadeEntry, Array<string>>): void {
    for (const [entry, keys] of rows) {
      entry.collection._deferPublication()
    }
  }

  async dispose(): Promise<void> {
    for (const [collection, observer] of this.observers.entries()) {
      observer.dispose()
      await collection.cleanup()
    }
  }
}
"""
FACADE_DECOY = "export class Decoy { _deferPublication() {} dispose() {} cleanup() {} }\n"


def test_a_maps_key_and_value_destructured_in_a_loop_and_a_member_of_an_object_type_alias(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"facade.ts": FACADE, "decoy.ts": FACADE_DECOY}))
    assert call_targets(conn, "facade.BucketFacadeAdapter.restore", "entry.collection._deferPublication") == {
        ("inferred", "facade.CollectionImpl._deferPublication")}
    assert call_targets(conn, "facade.BucketFacadeAdapter.dispose", "observer.dispose") == {
        ("inferred", "facade.LiveQueryObserver.dispose")}
    assert call_targets(conn, "facade.BucketFacadeAdapter.dispose", "collection.cleanup") == {
        ("inferred", "facade.CollectionImpl.cleanup")}


FNS = """
export interface Row<TData> {
  id: string
  original: TData
  getValue: <TValue = unknown>(columnId: string) => TValue
}

export interface FilterFn<TData> {
  (row: Row<TData>, columnId: string, filterValue: any, addMeta: (meta: object) => void): boolean
  resolveFilterValue?: (value: any) => any
  autoRemove?: (value: any) => boolean
}

export const includesString: FilterFn<any> = (row, columnId: string, filterValue: string) => {
  const search = filterValue?.toString()?.toLowerCase()
  return Boolean(row.getValue<string | null>(columnId)?.toString()?.toLowerCase()?.includes(search))
}

includesString.autoRemove = (val: any) => !val
"""
FNS_DECOY = "export class Decoy { getValue() {} }\n"


def test_an_arrow_typed_by_an_interface_with_a_call_signature(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"filterFns.ts": FNS, "decoy.ts": FNS_DECOY}))
    assert call_targets(conn, "filterFns.includesString", "row.getValue") == {
        ("inferred", "filterFns.Row.getValue")}
