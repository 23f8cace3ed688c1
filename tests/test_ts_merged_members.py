"""TypeScript members the compiler finds and graphmind missed: a store interface whose `set` is two call
signatures joined by `&` (`set: ((updater: (prev: T) => T) => void) & ((value: T) => void)`, TanStack
Router's stores), and a class merged with the interface of its name (`export interface RouterCore<…> {
serverSsr?: ServerSsr }` beside `export class RouterCore<…>`): the class's values have the interface's
members, and a value typed by the interface has the class's methods."""
from __future__ import annotations

from flowcases import call_targets
from langcases import indexed_workspace

from graphmind.store import open_reader

STORES = """
export interface ReadableStore<TValue> {
  get: () => TValue
}

export interface WritableStore<TValue> extends ReadableStore<TValue> {
  set: ((updater: (prev: TValue) => TValue) => void) & ((value: TValue) => void)
}

export interface RouterStores {
  status: WritableStore<'idle' | 'pending'>
  location: WritableStore<string>
}

export function markIdle(stores: RouterStores): void {
  stores.status.set('idle')
  stores.location.set((prev) => prev + '#top')
}
"""
ROUTER = """
import type { RouterStores } from './stores'
import type { ServerSsr } from './ssr'

export interface RouterCore<TRouteTree, TDehydrated = unknown> {
  serverSsr?: ServerSsr
  _tx?: { id: number }
}

export class RouterCore<TRouteTree, TDehydrated = unknown> {
  stores!: RouterStores

  commitLocation() {
    this.stores.status.set('pending')
  }

  load() {
    this.commitLocation()
  }
}

export type AnyRouter = RouterCore<any, any>
"""
SSR = """
import type { AnyRouter } from './router'

export interface ServerSsr {
  cleanup: () => void
  setRenderFinished: () => void
}

export function renderResponse(router: AnyRouter) {
  router.serverSsr?.cleanup()
  const serverSsr = router.serverSsr
  if (!serverSsr) {
    throw new Error('Invariant failed: router.serverSsr is required')
  }
  serverSsr.setRenderFinished()
  router.load()
}
"""
DECOY = "export class Decoy { set() {} cleanup() {} setRenderFinished() {} load() {} }\n"


def test_a_member_typed_by_call_signatures_joined_by_and_is_a_method(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"stores.ts": STORES, "decoy.ts": DECOY}))
    assert call_targets(conn, "stores.markIdle", "stores.status.set") == {("inferred", "stores.WritableStore.set")}
    assert call_targets(conn, "stores.markIdle", "stores.location.set") == {("inferred", "stores.WritableStore.set")}


def test_a_class_has_the_members_of_the_interface_merged_with_it(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"stores.ts": STORES, "router.ts": ROUTER, "ssr.ts": SSR,
                                                    "decoy.ts": DECOY}))
    assert call_targets(conn, "ssr.renderResponse", "router.serverSsr?.cleanup") == {("inferred", "ssr.ServerSsr.cleanup")}
    assert call_targets(conn, "ssr.renderResponse", "serverSsr.setRenderFinished") == {
        ("inferred", "ssr.ServerSsr.setRenderFinished")}
    assert call_targets(conn, "ssr.renderResponse", "router.load") == {("inferred", "router.RouterCore.load")}
    assert call_targets(conn, "router.RouterCore.commitLocation", "this.stores.status.set") == {
        ("self", "stores.WritableStore.set")}


HANDLERS = """
import type { AnyRouter } from './router'

export function finalizeSsrStream(serverSsr: NonNullable<AnyRouter['serverSsr']>, reason: unknown) {
  serverSsr.cleanup()
}

export async function renderSsrHtmlResponse({
  router,
  responseHeaders,
}: {
  router: AnyRouter
  responseHeaders: Headers
}) {
  try {
    return new Response('', { headers: responseHeaders })
  } finally {
    router.serverSsr?.cleanup()
  }
}

export function getRequestHeaders({ router: current }: { router: AnyRouter }): void {
  current.load()
}
"""


def test_an_indexed_access_type_and_a_typed_destructured_parameter_hold_that_member(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"stores.ts": STORES, "router.ts": ROUTER, "ssr.ts": SSR,
                                                    "handlers.ts": HANDLERS, "decoy.ts": DECOY}))
    assert call_targets(conn, "handlers.finalizeSsrStream", "serverSsr.cleanup") == {("inferred", "ssr.ServerSsr.cleanup")}
    assert call_targets(conn, "handlers.renderSsrHtmlResponse", "router.serverSsr?.cleanup") == {
        ("inferred", "ssr.ServerSsr.cleanup")}
    assert call_targets(conn, "handlers.getRequestHeaders", "current.load") == {("inferred", "router.RouterCore.load")}


SELECTORS = """
export function buildSelectors({ reducerPath }: { reducerPath: string }) {
  return { selectQueryEntry, selectConfig }

  function selectQueryEntry(state: object, queryCacheKey: string) {
    return (state as any)[reducerPath]?.queries[queryCacheKey]
  }

  function selectConfig(state: object) {
    return (state as any)[reducerPath]?.config
  }
}

export type AllSelectors = ReturnType<typeof buildSelectors>
"""
THUNKS = """
import type { AllSelectors } from './selectors'

export function buildThunks({ selectors }: { selectors: AllSelectors }) {
  return (state: object, key: string) => selectors.selectQueryEntry(state, key)
}

export function refetchOnMount(selectors: AllSelectors, state: object) {
  return selectors.selectConfig(state)
}
"""
SELECTOR_DECOY = "export class Decoy { selectQueryEntry() {} selectConfig() {} }\n"


def test_return_type_of_typeof_a_function_is_what_it_returns(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"selectors.ts": SELECTORS, "thunks.ts": THUNKS,
                                                    "decoy.ts": SELECTOR_DECOY}))
    assert call_targets(conn, "thunks.refetchOnMount", "selectors.selectConfig") == {
        ("import", "selectors.buildSelectors.selectConfig")}
    assert {target for _, target in call_targets(conn, "thunks.buildThunks", "selectors.selectQueryEntry")} == {
        "selectors.buildSelectors.selectQueryEntry"}


FACTORIES = """
export interface RouterReadableStore<TValue> {
  get: () => TValue
}

export type MutableStoreFactory = <TValue>(initialValue: TValue) => RouterReadableStore<TValue>

export type StoreConfig = {
  createMutableStore: MutableStoreFactory
}

export function createRouterStores(config: StoreConfig) {
  const { createMutableStore } = config
  const ids = createMutableStore<Array<string>>([])
  return () => ids.get()
}

export function createStatus(createMutableStore: MutableStoreFactory) {
  const status = createMutableStore('idle')
  return status.get()
}
"""


def test_a_value_of_a_function_type_alias_returns_what_the_alias_says(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"stores.ts": FACTORIES, "decoy.ts": "export class Decoy { get() {} }\n"}))
    assert call_targets(conn, "stores.createStatus", "status.get") == {("inferred", "stores.RouterReadableStore.get")}
    assert {target for _, target in call_targets(conn, "stores.createRouterStores", "ids.get")} == {
        "stores.RouterReadableStore.get"}


LONG_OPTIONS = """
import type { AnyRouter, RouterCore } from './router'

export function buildRequestHandler({
  basepath,
  defaultPreload,
  defaultPreloadDelay,
  defaultPendingMs,
  router,
}: {
  basepath: string
  defaultPreload: false | 'intent' | 'viewport' | 'render'
  defaultPreloadDelay: number
  defaultPendingMs: number
  defaultStaleTime: number
  router: AnyRouter
}) {
  router.load()
}
"""


def test_a_member_of_a_long_type_written_in_place_keeps_its_type(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"stores.ts": STORES, "router.ts": ROUTER, "ssr.ts": SSR,
                                                    "handler.ts": LONG_OPTIONS, "decoy.ts": DECOY}))
    assert call_targets(conn, "handler.buildRequestHandler", "router.load") == {("inferred", "router.RouterCore.load")}
