"""TypeScript: an untyped parameter of an arrow takes its type from the function type written where
the arrow stands: a typed declarator (zod's `const fn: $Parse = (schema, value) => …` with
`type $Parse = <T extends $ZodType>(schema: T, …) => …`), a curried arrow's declared result
(`const _safeParse: (_Err: E) => $SafeParse = (_Err) => (schema, value) => …`), or the declared result of a
function that returns the arrow (tRPC's `function map(…): OperatorFunction<A, E, B, E> { return (source) => … }`
through `OperatorFunction` = `UnaryFunction<Observable<…>, …>` = `(source: S) => R`). These were left
`possible` against the compiler (scripts/score_ts_oracle.py on zod 4.6.7 and @trpc/server 11.25.2)."""
from __future__ import annotations

from flowcases import call_targets
from langcases import indexed_workspace

from graphmind.store import open_reader

SCHEMAS = """
export interface $ZodTypeInternals {
  run(payload: unknown, ctx: object): unknown;
}
export interface $ZodType<O = unknown, Internals extends $ZodTypeInternals = $ZodTypeInternals> {
  _zod: Internals;
}
"""
PARSE = """
import type * as schemas from "./schemas";

export type $Parse = <T extends schemas.$ZodType>(schema: T, value: unknown, _ctx?: object) => unknown;
export type $SafeParse = <T extends schemas.$ZodType>(schema: T, value: unknown) => { success: boolean };

export const _parse = (_Err: ErrorConstructor) => {
  const fn: $Parse = (schema, value, _ctx) => {
    return schema._zod.run({ value, issues: [] }, {});
  };
  return fn;
};

export const _safeParse: (_Err: ErrorConstructor) => $SafeParse = (_Err) => (schema, value) => {
  schema._zod.run({ value, issues: [] }, {});
  return { success: true };
};
"""
OBSERVABLE = """
export class Observable<TValue, TError> {
  subscribe(observer: object): () => void {
    return () => {};
  }
}
export type UnaryFunction<TSource, TReturn> = (source: TSource) => TReturn;
export type OperatorFunction<TIn, TInErr, TOut, TOutErr> = UnaryFunction<
  Observable<TIn, TInErr>,
  Observable<TOut, TOutErr>
>;
"""
OPERATORS = """
import { Observable, type OperatorFunction } from "./observable";

export function map<TValueBefore, TError, TValueAfter>(
  project: (value: TValueBefore, index: number) => TValueAfter,
): OperatorFunction<TValueBefore, TError, TValueAfter, TError> {
  return (source) => {
    source.subscribe({});
    return new Observable();
  };
}
"""
DECOY = "export class Decoy { run() {} subscribe() {} }\n"


def test_an_arrow_parameter_is_typed_by_the_function_type_around_it(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"schemas.ts": SCHEMAS, "parse.ts": PARSE, "observable.ts": OBSERVABLE,
                                                    "operators.ts": OPERATORS, "decoy.ts": DECOY}))
    run = {("inferred", "schemas.$ZodTypeInternals.run")}
    assert call_targets(conn, "parse._parse.fn", "schema._zod.run") == run
    assert call_targets(conn, "parse._safeParse", "schema._zod.run") == run
    assert call_targets(conn, "operators.map", "source.subscribe") == {("inferred", "observable.Observable.subscribe")}


TYPES = """
export interface Observer<TValue, TError> {
  next: (value: TValue) => void;
  error: (err: TError) => void;
}
export interface Subscribable<TValue, TError> {
  subscribe(observer: Partial<Observer<TValue, TError>>): () => void;
  pipe(link: Link): void;
}
export interface Link {
  apply(x: number): void;
}
"""
LITERALS = """
import type { Link, Subscribable } from "./types";

export function observable<TValue, TError>(): Subscribable<TValue, TError> {
  const self: Subscribable<TValue, TError> = {
    subscribe(observer) {
      observer.next?.(undefined as TValue);
      return () => {};
    },
    pipe: (link) => {
      link.apply(1);
    },
  };
  return self;
}

export function never(): Subscribable<never, never> {
  return {
    subscribe(observer) {
      observer.error?.(undefined as never);
      return () => {};
    },
    pipe(link) {
      link.apply(2);
    },
  };
}
"""
LITERAL_DECOY = "export class Decoy { next() {} error() {} apply() {} }\n"


def test_a_literal_method_parameter_is_typed_by_the_declared_member(tmp_path):
    """tRPC's `const self: Observable<TValue, TError> = { subscribe(observer) { observer.next?.(v) } }`."""
    conn = open_reader(indexed_workspace(tmp_path, {"types.ts": TYPES, "literals.ts": LITERALS, "decoy.ts": LITERAL_DECOY}))
    assert call_targets(conn, "literals.observable.subscribe", "observer.next") == {("inferred", "types.Observer.next")}
    assert call_targets(conn, "literals.observable.pipe", "link.apply") == {("inferred", "types.Link.apply")}
    assert call_targets(conn, "literals.never.subscribe", "observer.error") == {("inferred", "types.Observer.error")}
    assert call_targets(conn, "literals.never.pipe", "link.apply") == {("inferred", "types.Link.apply")}
