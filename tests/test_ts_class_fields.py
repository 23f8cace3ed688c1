"""TypeScript members the compiler names and graphmind missed (#37), in the idioms of TanStack Virtual's
`Virtualizer` (held out in session 24): a class field holding what a call returns (`private getMeasurements =
memo(…)`, then `this.getMeasurements()`), object types written for a constructor parameter property, a field
or a parameter (`private readonly host: { now: () => number }`, `{ restore: () => boolean } | null`,
`opts: { onChange?: (r: R) => void }`), a member typed `number | (() => number)`, and an object literal cast
to a declared type (`{ … } as unknown as Required<Options>`: the compiler reads the cast, not the literal)."""
from __future__ import annotations

from flowcases import call_targets
from langcases import indexed_workspace

from graphmind.store import open_reader

UTILS = """
export function memo<TDeps extends ReadonlyArray<any>, TResult>(
  getDeps: () => [...TDeps],
  fn: (...args: TDeps) => TResult,
  opts: {
    key: false | string
    debug?: () => boolean
    onChange?: (result: TResult) => void
  },
) {
  let result: TResult | undefined
  function memoizedFunction(): TResult {
    const debugEnabled = !!opts.key && !!opts.debug?.()
    result = fn(...(getDeps() as TDeps))
    if (opts?.onChange) {
      opts.onChange(result)
    }
    return result
  }
  return memoizedFunction
}

const defaultBackoff = async (attempt: number) => {}

export function retry(maxRetries: number) {
  const options: {
    maxRetries: number
    backoff: typeof defaultBackoff
  } = {
    maxRetries,
    backoff: defaultBackoff,
  }
  return async () => {
    await options.backoff(maxRetries)
  }
}
"""
GESTURE = """
type TimerWindow = Pick<Window, 'setTimeout' | 'clearTimeout'>

export class IosGesture {
  constructor(
    private readonly host: {
      // The scroll element's window, which runs the tail timer; null when
      // there is no element.
      getWindow: () => TimerWindow | null
      now: () => number
      onTailClosed: () => void
    },
  ) {}

  end = () => {
    const win = this.host.getWindow()
    if (this.host.now() > 0) this.host.onTailClosed()
  }
}
"""
VIRTUAL = """
import { memo } from './utils'

export const defaultKeyExtractor = (index: number) => index

export interface VirtualizerOptions {
  count: number
  initialOffset?: number | (() => number)
  getItemKey?: (index: number) => number
}

export class Virtualizer {
  options!: Required<VirtualizerOptions>
  private _momentumStop: { restore: () => boolean; done: () => void; owner: Virtualizer } | null = null

  setOptions = (opts: VirtualizerOptions) => {
    const merged = {
      count: 0,
      initialOffset: 0,
      getItemKey: defaultKeyExtractor,
    } as unknown as Required<VirtualizerOptions>
    return merged.getItemKey(0)
  }

  private getMeasurementOptions = memo(
    () => [this.options.count],
    (count) => ({ count }),
    { key: false },
  )

  private getMeasurements = memo(
    () => [this.getMeasurementOptions()],
    (measurementOptions) => [],
    { key: false },
  )

  measure = () => {
    this.getMeasurements()
    const offset = typeof this.options.initialOffset === 'function'
      ? this.options.initialOffset()
      : this.options.initialOffset
    this._momentumStop?.restore()
    const stop = this._momentumStop
    if (stop && stop.restore()) stop.done()
    this._momentumStop?.owner.measure()
  }
}
"""
DECOY = ("export class Decoy { getWindow() {} now() {} onTailClosed() {} restore() {} done() {} onChange() {}"
         " debug() {} backoff() {} measure() {} getMeasurements() {} getMeasurementOptions() {} initialOffset() {} getItemKey() {} }\n")


def targets(conn, caller: str, callee: str) -> set[str | None]:
    """Where a call site's edges go, each found through the receiver's type (`inferred`, or `self` through `this`)."""
    found = call_targets(conn, caller, callee) - {("unreached", None)}   # `if (opts?.onChange)`: a read, not the call
    assert {how for how, _ in found} <= {"inferred", "self"}, found
    return {target for _, target in found}


def _conn(tmp_path):
    return open_reader(indexed_workspace(tmp_path, {"utils.ts": UTILS, "ios-gesture.ts": GESTURE,
                                                     "index.ts": VIRTUAL, "decoy.ts": DECOY}))


def test_a_field_holding_what_a_call_returns_is_what_the_call_names(tmp_path):
    conn = _conn(tmp_path)
    assert targets(conn, "index.Virtualizer.measure", "this.getMeasurements") == {"index.Virtualizer.getMeasurements"}
    assert targets(conn, "index.Virtualizer", "this.getMeasurementOptions") == {"index.Virtualizer.getMeasurementOptions"}


def test_members_of_object_types_written_for_parameters_and_fields(tmp_path):
    conn = _conn(tmp_path)
    host = "ios-gesture.IosGesture.constructor.host"   # the parameter property's type, written in the constructor
    assert targets(conn, "ios-gesture.IosGesture.end", "this.host.now") == {f"{host}.now"}
    assert targets(conn, "ios-gesture.IosGesture.end", "this.host.onTailClosed") == {f"{host}.onTailClosed"}
    stop = "index.Virtualizer._momentumStop"
    assert targets(conn, "index.Virtualizer.measure", "this._momentumStop?.restore") == {f"{stop}.restore"}
    assert targets(conn, "index.Virtualizer.measure", "stop.done") == {f"{stop}.done"}
    assert targets(conn, "index.Virtualizer.measure", "this._momentumStop?.owner.measure") == {"index.Virtualizer.measure"}
    assert targets(conn, "utils.memo.memoizedFunction", "opts.onChange") == {"utils.memo.opts.onChange"}
    assert targets(conn, "utils.retry", "options.backoff") == {"utils.retry.options.backoff"}


HANDLER = """
import type { Virtualizer } from './index'

export function createHandler<TVirtualizer extends Virtualizer>({
  createVirtualizer,
}: {
  createVirtualizer: () => TVirtualizer
}) {
  return async () => {
    const virtualizer = createVirtualizer()
    virtualizer.measure()
  }
}

export function withFactory(make: (n: number) => Virtualizer) {
  make(1).measure()
}
"""


def test_a_function_type_written_in_place_called_gives_its_result(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"utils.ts": UTILS, "ios-gesture.ts": GESTURE, "index.ts": VIRTUAL,
                                                     "handler.ts": HANDLER, "decoy.ts": DECOY + "export class D2 { measure() {} }\n"}))
    assert targets(conn, "handler.createHandler", "virtualizer.measure") == {"index.Virtualizer.measure"}
    assert targets(conn, "handler.withFactory", "make(1).measure") == {"index.Virtualizer.measure"}


def test_a_member_typed_a_value_or_a_function(tmp_path):
    conn = _conn(tmp_path)
    assert targets(conn, "index.Virtualizer.measure", "this.options.initialOffset") == {"index.VirtualizerOptions.initialOffset"}


def test_a_literal_cast_to_a_declared_type_is_that_type(tmp_path):
    conn = _conn(tmp_path)
    assert targets(conn, "index.Virtualizer.setOptions", "merged.getItemKey") == {"index.VirtualizerOptions.getItemKey"}


STORES = """
export type Updater<T> = T | ((prev: T) => T)

export interface RouterReadableStore<TValue> {
  get: () => TValue
}

export interface RouterWritableStore<TValue> extends RouterReadableStore<TValue> {
  set: ((updater: (prev: TValue) => TValue) => void) & ((value: TValue) => void)
}

type MatchStore = RouterWritableStore<number | undefined>

export interface BuildNextOptions {
  search?: true | Updater<unknown>
}

export function createRouterStores(dest: BuildNextOptions) {
  const byRoute = new Map<string, MatchStore>()
  const first = byRoute.get('a')!.get()
  byRoute.get('b')!.set(() => undefined)
  const store = byRoute.get('c')
  store?.get()
  return typeof dest.search === 'function' ? dest.search(first) : undefined
}
"""


def test_a_map_of_a_type_alias_and_a_member_typed_true_or_a_named_function_type(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"stores.ts": STORES, "decoy.ts": DECOY + "export class D3 { get() {} set() {} search() {} }\n"}))
    assert targets(conn, "stores.createRouterStores", "byRoute.get('a')!.get") == {"stores.RouterReadableStore.get"}
    assert targets(conn, "stores.createRouterStores", "byRoute.get('b')!.set") == {"stores.RouterWritableStore.set"}
    assert targets(conn, "stores.createRouterStores", "store?.get") == {"stores.RouterReadableStore.get"}
    assert targets(conn, "stores.createRouterStores", "dest.search") == {"stores.BuildNextOptions.search"}


SYNC_TYPES = """
export interface SyncConfig<T extends object = Record<string, unknown>> {
  sync: (params: {
    begin: () => void
    write: (message: T) => void
    commit: (signal?: AbortSignal) => boolean
  }) => void
}
"""
FACADE = """
import type { SyncConfig } from './types'

type FacadeSync = Parameters<SyncConfig<any>[`sync`]>[0]

type FacadeEntry = {
  sync: FacadeSync | undefined
}

export function flush(entry: FacadeEntry, sync: FacadeSync) {
  sync.begin()
  sync.write({ type: `delete` })
  entry.sync!.commit()
}
"""


def test_a_parameter_of_a_function_type_read_through_parameters(tmp_path):
    """TanStack DB's `type FacadeSync = Parameters<SyncConfig<any>['sync']>[0]`: the object type written for the
    parameter of the member's function type."""
    conn = open_reader(indexed_workspace(tmp_path, {"types.ts": SYNC_TYPES, "facade.ts": FACADE,
                                                     "decoy.ts": "export class D { begin() {} write() {} commit() {} }\n"}))
    params = "types.SyncConfig.sync.params"
    assert targets(conn, "facade.flush", "sync.begin") == {f"{params}.begin"}
    assert targets(conn, "facade.flush", "sync.write") == {f"{params}.write"}
    assert targets(conn, "facade.flush", "entry.sync!.commit") == {f"{params}.commit"}


DUAL = """
export const dual = (arity: number, body: Function): any => body

export const mapBoth = dual(2, (self: number, options: { readonly onFailure: (e: unknown) => number; readonly onSuccess: (a: number) => number }) =>
  options.onSuccess(self))

export const zipWith = dual(3, (self: number, that: number, options: { readonly onSuccess: (a: number, b: number) => number }) =>
  options.onSuccess(self, that))
"""


def test_no_type_is_made_for_a_parameter_of_an_arrow_passed_as_an_argument(tmp_path):
    """effect's `dual(2, (self, options: { onSuccess: … }) => options.onSuccess(…))`, many in one module: a type named for
    each parameter would be named in the module, the same name for all, and a call reach another arrow's member."""
    conn = open_reader(indexed_workspace(tmp_path, {"core.ts": DUAL}))
    assert not conn.execute("SELECT 1 FROM symbols WHERE qualname LIKE 'core.options%'").fetchall()
    rows = conn.execute("SELECT c.resolution FROM calls c WHERE c.callee = 'options.onSuccess'").fetchall()
    assert rows and all(how in ("possible", "unresolved") for how, in rows)
