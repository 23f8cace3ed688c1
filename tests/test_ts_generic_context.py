"""TypeScript receivers typed through a generic callee, as zod and effect write them (measured against
the TypeScript compiler by scripts/score_ts_oracle.py): an arrow's parameter typed `T` by the callee,
where T is the call's type argument (`core.$constructor<ZodType>(…)`, a function beside an interface of
its name) or is inferred from the declared type of the variable the call initializes (`const Other:
core.$constructor<ZodType> = core.$constructor(…)`); `this` in a method of
an object literal passed where the callee declares `ThisType<T>` (through a type alias, zod's
`ProtoOf<T>`), or assigned to a variable of a declared type (effect's `const HashMapProto: HashMap = {…}`)."""
from __future__ import annotations

import shutil

from langcases import snapshot

from graphmind.index.indexer import index_workspace
from graphmind.store import open_reader

CORE = """
export interface $constructor<T> {
  init(inst: T, def: unknown): void
}
export type ProtoOf<T> = { [K in keyof T]?: T[K] } & ThisType<T>

export function $constructor<T extends { kind(): string }>(
  name: string,
  initializer: (inst: T, def: unknown) => void,
  proto?: ProtoOf<T>,
): $constructor<T> {
  return null as any
}
"""
SCHEMAS = """
import * as core from "./core.js"

export interface ZodType {
  kind(): string
  clone(def?: unknown): this
  check(...checks: unknown[]): this
}

export const ZodType: core.$constructor<ZodType> = core.$constructor<ZodType>(
  "ZodType",
  (inst, def) => {
    inst.kind()
  },
  {
    check(...checks) {
      return this.clone(checks)
    },
  },
)

export const Other: core.$constructor<ZodType> = core.$constructor("Other", (inst, def) => {
  inst.kind()
})

export interface HashMap {
  toJSON(): unknown
  size(): number
}
const HashMapProto: HashMap = {
  toJSON() {
    return this.size()
  },
  size() {
    return 0
  },
}
"""
# a decoy of every member name, so a name-only guess is never the one candidate
DECOY = "export class Decoy { kind() { return '' } clone() { return this } size() { return 1 } }\n"


def _write(root, schemas: str = SCHEMAS) -> None:
    for name, text in (("core", CORE), ("schemas", schemas), ("decoy", DECOY)):
        (root / f"{name}.ts").write_text(text)
    index_workspace(root)


def _targets(conn, callee: str) -> set[tuple[str, str, int]]:
    return set(conn.execute(
        "SELECT c.resolution, t.qualname, c.line FROM calls c JOIN symbols t ON t.id = c.target_id"
        " WHERE c.callee = ? AND c.implicit = 0", (callee,)))


def test_a_type_parameter_stands_for_the_type_argument_or_the_declared_result(tmp_path):
    _write(tmp_path)
    conn = open_reader(tmp_path)
    assert _targets(conn, "inst.kind") == {("inferred", "schemas.ZodType.kind", 13),
                                           ("inferred", "schemas.ZodType.kind", 23)}


def test_this_in_an_object_literal_method_is_the_contextual_type(tmp_path):
    _write(tmp_path)
    conn = open_reader(tmp_path)
    assert _targets(conn, "this.clone") == {("inferred", "schemas.ZodType.clone", 17)}
    assert _targets(conn, "this.size") == {("inferred", "schemas.HashMap.size", 32)}


def test_a_type_argument_changed_re_resolves_as_a_clean_index(tmp_path):
    """Incremental: the type argument becomes another interface; the index equals a clean one."""
    work = tmp_path / "work"
    work.mkdir()
    _write(work)
    other = SCHEMAS.replace("core.$constructor<ZodType>(", "core.$constructor<Decoy>(").replace(
        'import * as core from "./core.js"', 'import * as core from "./core.js"\nimport type { Decoy } from "./decoy.js"')
    (work / "schemas.ts").write_text(other)
    index_workspace(work)
    assert {t for _, t, _ in _targets(open_reader(work), "this.clone")} == {"decoy.Decoy.clone"}
    clean = tmp_path / "clean"
    shutil.copytree(work, clean, ignore=shutil.ignore_patterns(".graphmind"))
    index_workspace(clean)
    assert snapshot(work) == snapshot(clean)


DIFFER = """
export interface Differ<Value, Patch> {
  diff(oldValue: Value, newValue: Value): Patch
}
export interface FileSystem {
  access(path: string): void
  exists(path: string): boolean
}
export class ClientImpl<E, R> {
  postprocess(x: unknown) { return x }
}
"""
USE = """
import type * as Differ from "./differ.js"
import type { FileSystem, ClientImpl } from "./differ.js"

export const diffAll = <Value, Patch>(
  options: {
    readonly oldValue: ReadonlyArray<Value>
    readonly differ: Differ.Differ<Value, Patch>
  }
): Patch => {
  return options.differ.diff(options.oldValue[0], options.oldValue[1])
}

export const make = (impl: Omit<FileSystem, "exists" | "readFileString">) => {
  impl.access("/")
}

export const wrap = (self: unknown) => {
  const client = self as ClientImpl<any, any>
  return client.postprocess(1)
}
"""


def test_object_types_written_in_place_omit_and_as_type_a_receiver(tmp_path):
    """effect's `options: { readonly differ: Differ.Differ<V, P> }` (a member of an object type written
    in place), platform's `impl: Omit<FileSystem, …>` and `const client = self as ClientImpl<any, any>`."""
    for name, text in (("differ", DIFFER), ("use", USE), ("decoy", "export class D { diff() {} access() {} postprocess() {} }\n")):
        (tmp_path / f"{name}.ts").write_text(text)
    index_workspace(tmp_path)
    conn = open_reader(tmp_path)
    assert _targets(conn, "options.differ.diff") == {("inferred", "differ.Differ.diff", 11)}
    assert _targets(conn, "impl.access") == {("inferred", "differ.FileSystem.access", 15)}
    assert _targets(conn, "client.postprocess") == {("inferred", "differ.ClientImpl.postprocess", 20)}


def test_an_object_literal_of_spread_modules_reaches_their_exports(tmp_path):
    """zod's `const z = { ..._schemas, ..._checks, iso: _iso }`: `z.any()` is the export of the module
    spread into it as that module exports it (`export { _regex as regex } from …`, never an object
    literal's member of the name), a later spread wins (`z.string()`), `z.iso.datetime()` goes through a member."""
    files = {"schemas": "export function any() { return 1 }\nexport function string() { return '' }\n"
                        "function _null() { return null }\nexport { _null as null }\n"
                        "export const Proto = {\n  regex(x: string) { return x },\n}\n",
             "api": "export function _regex(x: string) { return x }\n",
             "checks": 'export { _regex as regex } from "./api.js"\nexport function string() { return "c" }\n',
             "iso": "export function datetime() { return 1 }\n",
             "decoy": "export function any() {}\nexport function regex() {}\nexport function datetime() {}\n",
             "from": 'import * as _schemas from "./schemas.js"\nimport * as _checks from "./checks.js"\n'
                     'import * as _iso from "./iso.js"\n\nconst z = {\n  ..._schemas,\n  ..._checks,\n  iso: _iso,\n}\n\n'
                     'export function convert() {\n  z.any()\n  z.regex("x")\n  z.string()\n  z.iso.datetime()\n  z.null()\n}\n'}
    for name, text in files.items():
        (tmp_path / f"{name}.ts").write_text(text)
    index_workspace(tmp_path)
    conn = open_reader(tmp_path)
    found = {callee: (how, target) for callee, how, target in conn.execute(
        "SELECT c.callee, c.resolution, t.qualname FROM calls c JOIN symbols t ON t.id = c.target_id"
        " WHERE c.callee LIKE 'z.%' AND c.implicit = 0")}
    assert found == {"z.any": ("import", "schemas.any"), "z.regex": ("import", "api._regex"),
                     "z.string": ("import", "checks.string"), "z.iso.datetime": ("import", "iso.datetime"),
                     "z.null": ("import", "schemas._null")}


def test_a_call_on_an_interface_member_typed_by_a_named_function_type_reaches_the_member(tmp_path):
    """@effect/platform's `interface HttpClientImpl { readonly postprocess: HttpClient.Postprocess<E, R> }`:
    `client.postprocess(x)` names that member, as the compiler does."""
    (tmp_path / "client.ts").write_text(
        "export declare namespace HttpClient {\n  export type Postprocess<E, R> = (request: string) => E\n}\n"
        "export interface HttpClientImpl<E, R> {\n  readonly postprocess: HttpClient.Postprocess<E, R>\n"
        "  readonly size: number\n}\n"
        "export const run = (client: HttpClientImpl<string, number>) => client.postprocess(\"x\")\n")
    (tmp_path / "decoy.ts").write_text("export class Z { postprocess() {} }\n")
    index_workspace(tmp_path)
    conn = open_reader(tmp_path)
    assert _targets(conn, "client.postprocess") == {("inferred", "client.HttpClientImpl.postprocess", 8)}


def test_each_part_of_an_intersection_types_a_receiver(tmp_path):
    """@effect/platform's `make = (impl: Omit<KeyValueStore, "has"> & Partial<KeyValueStore>)`."""
    (tmp_path / "kv.ts").write_text(
        "export interface KeyValueStore {\n  readonly get: (key: string) => string\n"
        "  readonly has: (key: string) => boolean\n}\n"
        'export const make = (impl: Omit<KeyValueStore, "has"> & Partial<KeyValueStore>) => {\n  impl.get("k")\n}\n')
    (tmp_path / "decoy.ts").write_text("export class Q { get() {} }\n")
    index_workspace(tmp_path)
    assert _targets(open_reader(tmp_path), "impl.get") == {("inferred", "kv.KeyValueStore.get", 6)}
