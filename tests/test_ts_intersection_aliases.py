"""TypeScript: the function-typed members of an object type joined to others by `&` in a type alias.
Redux Toolkit declares its thunk options so (`export type AsyncThunkOptions<ThunkArg, ThunkApiConfig> =
{ condition?(…): …; idGenerator?: (arg: ThunkArg) => string } & IsUnknown<…>`), then
`options?.idGenerator ? options.idGenerator(arg) : nanoid()`: the compiler names the property
signature (left `unresolved` in @reduxjs/toolkit 2.14.0, scripts/score_ts_oracle.py)."""
from __future__ import annotations

from flowcases import call_targets
from langcases import indexed_workspace

from graphmind.store import open_reader

THUNK = """
export type BaseThunkAPI<S> = { getState: () => S }

export type AsyncThunkOptions<ThunkArg = void, State = unknown> = {
  condition?(arg: ThunkArg, api: Pick<BaseThunkAPI<State>, 'getState'>): boolean | undefined
  dispatchConditionRejection?: boolean
  serializeError?: (x: unknown) => string
  idGenerator?: (arg: ThunkArg) => string
} & BaseThunkAPI<State> & { getPendingMeta?(base: { arg: ThunkArg }): unknown }

export function createAsyncThunk<ThunkArg>(typePrefix: string, options?: AsyncThunkOptions<ThunkArg>) {
  function actionCreator(arg: ThunkArg) {
    const requestId = options?.idGenerator ? options.idGenerator(arg) : typePrefix
    const meta = options?.getPendingMeta?.({ arg })
    const error = options && options.serializeError ? options.serializeError(meta) : requestId
    return options?.condition?.(arg, { getState: options.getState }) ?? error
  }
  return actionCreator
}
"""
DECOY = "export class Generators { idGenerator() {} serializeError() {} condition() {} }\n"


def test_a_function_typed_member_of_an_intersection_alias_is_what_is_called(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"createAsyncThunk.ts": THUNK, "decoy.ts": DECOY}))
    caller = "createAsyncThunk.createAsyncThunk.actionCreator"
    alias = "createAsyncThunk.AsyncThunkOptions"
    for callee, member in [("options.idGenerator", "idGenerator"), ("options.serializeError", "serializeError"),
                           ("options?.condition", "condition"), ("options?.getPendingMeta", "getPendingMeta")]:
        called = {edge for edge in call_targets(conn, caller, callee) if edge[0] != "unreached"}   # not the reads
        assert called == {("inferred", f"{alias}.{member}")}, callee
