"""TypeScript receivers typed by a type parameter: the compiler names a member of its constraint
(`<T extends $ZodType>(schema: T)`: `schema._zod` is a `$ZodType`'s), else of its default; a member
declared with a type parameter of its interface or class (zod's `interface $ZodType<…, Internals extends
$ZodTypeInternals = …> { _zod: Internals }`, then `schema._zod.run(…)`) reads the same way. Measured
against the compiler by scripts/score_ts_oracle.py (zod's `_zod.run`, 48 sites left `possible`)."""
from __future__ import annotations

import shutil

from flowcases import call_targets
from langcases import snapshot

from graphmind.index.indexer import index_workspace
from graphmind.store import open_reader

SCHEMAS = """
export interface _$ZodTypeInternals {
  run(payload: unknown): unknown;
  parse(payload: unknown): unknown;
}
export interface $ZodTypeInternals<out O = unknown> extends _$ZodTypeInternals {
  output: O;
}
export interface $ZodType<
  O = unknown,
  Internals extends $ZodTypeInternals<O> = $ZodTypeInternals<O>,
> {
  _zod: Internals;
}
export interface Checker<in T = Decoded> {
  check(value: T): boolean;
}
export interface Decoded {
  decode(): string;
}
"""
PARSE = """
import type { $ZodType, Checker } from "./schemas.js";

export function parseAny(schema: $ZodType) {
  return schema._zod.run({});
}

export function parse<T extends $ZodType>(schema: T, value: unknown) {
  return schema._zod.parse(value);
}

export const safeParse = <T extends $ZodType>(schema: T): unknown => schema._zod.run(null);

export class Runner<S extends $ZodType = $ZodType> {
  constructor(private readonly schema: S) {}
  go(c: Checker) {
    c.check(null as any);
    return this.schema._zod.run(1);
  }
}

export function decode<V extends { decode(): string }>(value: V) {
  return value.decode();
}
"""
DECOY = "export class Decoy { run() {} parse() {} check() {} decode() {} safeParse() {} dirty() {} }\n"


def _index(root, files: dict[str, str]):
    """Write `files` (relative path -> text) into root, index it, and open it for reading."""
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    index_workspace(root)
    return open_reader(root)


def _write(root, parse: str = PARSE) -> None:
    _index(root, {"schemas.ts": SCHEMAS, "parse.ts": parse, "decoy.ts": DECOY})


def test_a_parameter_typed_by_a_type_parameter_has_its_constraints_members(tmp_path):
    _write(tmp_path)
    conn = open_reader(tmp_path)
    assert call_targets(conn, "parse.parse", "schema._zod.parse") == {("inferred", "schemas._$ZodTypeInternals.parse")}
    assert call_targets(conn, "parse.safeParse", "schema._zod.run") == {("inferred", "schemas._$ZodTypeInternals.run")}
    assert call_targets(conn, "parse.Runner.go", "this.schema._zod.run") == {
        ("self", "schemas._$ZodTypeInternals.run")}


def test_a_member_typed_by_its_interfaces_type_parameter_has_the_bounds_members(tmp_path):
    _write(tmp_path)
    conn = open_reader(tmp_path)
    assert call_targets(conn, "parse.parseAny", "schema._zod.run") == {("inferred", "schemas._$ZodTypeInternals.run")}


def test_a_type_parameter_without_a_bound_stays_possible(tmp_path):
    """`<T>` promises nothing: `value.decode()` on a bare T is not guessed from a decoy."""
    _write(tmp_path, PARSE.replace("V extends { decode(): string }", "V"))
    conn = open_reader(tmp_path)
    assert {how for how, _ in call_targets(conn, "parse.decode", "value.decode")} == {"possible"}


def test_a_bound_changed_re_resolves_as_a_clean_index(tmp_path):
    """Incremental: the constraint of `parse`'s T becomes the decoy; the index equals a clean one."""
    work = tmp_path / "work"
    work.mkdir()
    _write(work)
    (work / "parse.ts").write_text(PARSE.replace("parse<T extends $ZodType>", "parse<T extends Decoy>").replace(
        'import type { $ZodType, Checker } from "./schemas.js";',
        'import type { $ZodType, Checker } from "./schemas.js";\nimport type { Decoy } from "./decoy.js";'))
    index_workspace(work)
    assert call_targets(open_reader(work), "parse.parse", "schema._zod.parse") != {
        ("inferred", "schemas._$ZodTypeInternals.parse")}
    clean = tmp_path / "clean"
    shutil.copytree(work, clean, ignore=shutil.ignore_patterns(".graphmind"))
    index_workspace(clean)
    assert snapshot(work) == snapshot(clean)


CHAIN = """
export interface _ZodNumber<Internals = unknown> {
  min(value: number): this;
  max(value: number): this;
  describe(text: string): Described;
}
export interface Described {
  meta(): unknown;
}
export interface ZodNumber extends _ZodNumber<number> {}
export abstract class Builder {
  abstract step(): this;
  done(): void {}
}
export function number(): ZodNumber {
  return null as any;
}

export function schema(b: Builder) {
  number().min(0).max(10).describe("n").meta();
  b.step().done();
}
"""


def test_a_method_signature_declares_what_a_chain_through_it_holds(tmp_path):
    """zod's `z.number().min(0).max(10)`: `min` is declared in an interface as returning `this`
    (a method signature, and an abstract method's), so `.max` is the interface's too."""
    conn = _index(tmp_path, {"number.ts": CHAIN,
                             "decoy.ts": "export class D { min() {} max() {} meta() {} done() {} describe() {} }\n"})
    assert call_targets(conn, "number.schema", "number().min(0).max") == {("inferred", "number._ZodNumber.max")}
    assert call_targets(conn, "number.schema", "number().min(0).max(10).describe(\"n\").meta") == {
        ("inferred", "number.Described.meta")}
    assert call_targets(conn, "number.schema", "b.step().done") == {("inferred", "number.Builder.done")}


def test_a_result_declared_generic_with_several_arguments_is_that_type(tmp_path):
    """zod's `export function object<T>(shape?: T): ZodObject<util.Writeable<T>, core.$strip>`: the
    declared result is one type whatever commas its arguments hold (Go's `(T, error)` is several)."""
    conn = _index(tmp_path, {
        "schemas.ts": "export interface ZodType {\n  nullable(): ZodType;\n}\n"
        "export interface ZodObject<out Shape = unknown, out Config = unknown> extends ZodType {\n  strict(): this;\n}\n"
        "export function object<T>(shape?: T): ZodObject<Partial<T>, string> {\n  return null as any;\n}\n",
        "use.ts": 'import * as z from "./schemas.js";\n\nexport function build() {\n  const schema = z.object({ a: 1 });\n'
        "  schema.strict().nullable();\n}\n",
        "decoy.ts": "export class D { nullable() {} strict() {} }\n"})
    assert call_targets(conn, "use.build", "schema.strict") == {("inferred", "schemas.ZodObject.strict")}
    assert call_targets(conn, "use.build", "schema.strict().nullable") == {("inferred", "schemas.ZodType.nullable")}


COMPILE = """
export interface SomeType {
  _zod: unknown;
}
export interface ZodObject extends SomeType {
  parse(data: unknown): unknown;
  safeParse(data: unknown): { success: boolean };
}
export class ParseStatus {
  dirty(): void {}
}
export function object(): ZodObject {
  return null as any;
}
export function compile<T extends SomeType>(schema: T, options?: { fast: boolean }): T {
  return schema;
}
export class ZodArray {
  _processInputParams(input: unknown): { status: ParseStatus; ctx: unknown } {
    return { status: new ParseStatus(), ctx: input };
  }
  _parse(input: unknown) {
    const { ctx, status } = this._processInputParams(input);
    status.dirty();
    return ctx;
  }
}
"""
COMPILED = """
import { compile, object } from "./compile.js";

export function check() {
  const loose = object();
  const compiled = compile(loose, { fast: true });
  compiled.safeParse({});
  return compile(loose).parse({});
}
"""


def test_a_result_typed_by_a_parameters_type_parameter_is_the_argument(tmp_path):
    """zod's `compile<T extends SomeType>(schema: T): T`: `compile(loose)` is what `loose` is (the
    compiler infers T from the argument), not the bare constraint."""
    conn = _index(tmp_path, {"compile.ts": COMPILE, "use.ts": COMPILED, "decoy.ts": DECOY})
    assert call_targets(conn, "use.check", "compiled.safeParse") == {("inferred", "compile.ZodObject.safeParse")}
    assert call_targets(conn, "use.check", "compile(loose).parse") == {("inferred", "compile.ZodObject.parse")}


def test_a_name_destructured_from_a_call_is_that_member_of_its_result(tmp_path):
    """zod v3's `const { ctx, status } = this._processInputParams(input)`, declared as returning
    `{ status: ParseStatus; ctx: … }`: `status.dirty()` is ParseStatus's."""
    conn = _index(tmp_path, {"compile.ts": COMPILE, "decoy.ts": DECOY})
    assert call_targets(conn, "compile.ZodArray._parse", "status.dirty") == {("inferred", "compile.ParseStatus.dirty")}


def test_a_member_read_by_a_quoted_key_is_not_an_element(tmp_path):
    """zod's `installed["~standard"].validate(…)`: a string key names a member (not known here), so the
    call is not taken for the schema's own `validate` as `xs[i]` reads as an element of a declared `X[]`."""
    conn = _index(tmp_path, {"std.ts": "export interface Schema {\n  validate(x: unknown): boolean;\n}\n"
                                       "export function use(installed: Schema, all: Schema[]) {\n"
                                       '  installed["~standard"].validate({});\n  all[0].validate({});\n}\n'})
    assert call_targets(conn, "std.use", 'installed["~standard"].validate') == {("possible", "std.Schema.validate")}
    assert call_targets(conn, "std.use", "all[0].validate") == {("inferred", "std.Schema.validate")}


def test_a_method_of_an_object_type_alias_is_the_callee(tmp_path):
    """MobX's `export type Annotation = { make_(…): MakeResult; extend_(…): boolean | null }` and
    `function make_(this: Annotation, …) { return this.extend_(…) }`: the alias's own method signature."""
    conn = _index(tmp_path, {
        "annotation.ts": "export type Annotation = {\n  annotationType_: string\n  make_(key: string): number\n"
        "  extend_(key: string, proxyTrap: boolean): boolean | null\n}\n",
        "action.ts": 'import type { Annotation } from "./annotation"\n\n'
        "function make_(this: Annotation, key: string): number {\n  return this.extend_(key, false) ? 1 : 0\n}\n\n"
        "export function createAction(name: string): Annotation {\n"
        "  return { annotationType_: name, make_, extend_: () => null }\n}\n\n"
        "export function apply(a: Annotation) {\n  return a.make_(\"k\")\n}\n",
        "decoy.ts": "export class D { make_() {} extend_() {} }\n"})
    assert call_targets(conn, "action.make_", "this.extend_") == {("inferred", "annotation.Annotation.extend_")}
    assert call_targets(conn, "action.apply", "a.make_") == {("inferred", "annotation.Annotation.make_")}


def test_a_typed_variable_imported_through_a_barrel_has_its_declared_type(tmp_path):
    """MobX imports everything from `../internal` (`export * from "./api/observable"`): `observable` is
    `export var observable: IObservableFactory = assign(…)`, so `observable.array(v)` is the factory's."""
    conn = _index(tmp_path, {
        "api/observable.ts": "export interface IObservableFactory {\n  array: <T = any>(initialValues?: T[]) => T[]\n  box: number\n}\n"
        "const observableFactories: IObservableFactory = {\n  array<T = any>(initialValues?: T[]): T[] {\n"
        "    return initialValues ?? []\n  },\n  box: 1,\n}\n"
        "export var observable: IObservableFactory = Object.assign(function () {}, observableFactories)\n",
        "internal.ts": 'export * from "./api/observable"\n',
        "modifiers.ts": 'import { observable } from "./internal"\n\nexport function deepEnhancer(v: unknown[]) {\n'
        "  return observable.array(v)\n}\n",
        "decoy.ts": "export class D { array() {} }\n"})
    assert call_targets(conn, "modifiers.deepEnhancer", "observable.array") == {
        ("inferred", "api.observable.IObservableFactory.array")}


def test_a_base_named_through_a_merged_namespace_is_found(tmp_path):
    """@effect/platform's `export interface HttpClient extends HttpClient.With<E, never> {}` beside
    `export declare namespace HttpClient { export interface With<E, R> { readonly execute: … } }`: the
    base is the namespace's `With`, so `this.execute(…)` (a `this: Client.HttpClient` method) is its member."""
    conn = _index(tmp_path, {
        "HttpClient.ts": "export interface HttpClient extends HttpClient.With<string, never> {}\n"
        "export declare namespace HttpClient {\n  export interface With<E, R = never> {\n"
        "    readonly execute: (request: string) => E\n  }\n}\n",
        "impl.ts": 'import type * as Client from "./HttpClient.js"\n\nconst ClientProto = {\n'
        "  get(this: Client.HttpClient, url: string) {\n    return this.execute(url)\n  },\n}\n\n"
        'export const run = (client: Client.HttpClient) => client.execute("x")\n',
        "decoy.ts": "export class D { execute() {} }\n"})
    assert call_targets(conn, "impl.get", "this.execute") == {("inferred", "HttpClient.HttpClient.With.execute")}
    assert call_targets(conn, "impl.run", "client.execute") == {("inferred", "HttpClient.HttpClient.With.execute")}


def test_a_field_typed_by_a_bases_type_parameter_is_what_the_subclass_gives_it(tmp_path):
    """zod v3's `abstract class ZodType<Output, Def extends ZodTypeDef, Input> { readonly _def!: Def }`
    and `class ZodObject<T> extends ZodType<T, ZodObjectDef<T>, T>`: in ZodObject, `this._def` is a
    ZodObjectDef (the compiler reads the base's type argument), not the bound ZodTypeDef."""
    conn = _index(tmp_path, {
        "types.ts": "export interface ZodTypeDef {\n  errorMap?: (x: string) => string\n}\n"
        "export abstract class ZodType<Output = any, Def extends ZodTypeDef = ZodTypeDef, Input = Output> {\n"
        "  readonly _def!: Def\n  _parse(input: unknown): Output {\n    return null as any\n  }\n}\n"
        "export interface ZodObjectDef<T = unknown> extends ZodTypeDef {\n  shape: () => T\n  innerType: ZodType\n}\n"
        "export class ZodObject<T> extends ZodType<T, ZodObjectDef<T>, T> {\n  keys() {\n"
        "    const shape = this._def.shape()\n    return this._def.innerType._parse(shape)\n  }\n}\n",
        "decoy.ts": "export class D { shape() {} _parse() {} }\n"})
    assert call_targets(conn, "types.ZodObject.keys", "this._def.shape") == {("self", "types.ZodObjectDef.shape")}
    assert call_targets(conn, "types.ZodObject.keys", "this._def.innerType._parse") == {("self", "types.ZodType._parse")}
