"""TypeScript modules as effect writes them (measured against the TypeScript compiler by
scripts/score_ts_oracle.py): a module imported whole (`import * as Option from "./Option.js"`) whose
members are constants holding functions (`export const isSome: <A>(…) => … = option.isSome`),
exported under another name (`export { _await as await }`) or re-exported from another file. The
compiler names the constant's declaration as the callee, and so does graphmind."""
from __future__ import annotations

import shutil

from flowcases import call_rows, call_targets
from langcases import snapshot

from graphmind.index.indexer import index_workspace
from graphmind.store import open_reader

INTERNAL = """
export const isSome = (x: number): boolean => x > 0
export function some(x: number) { return x }
export const deferredAwait = (x: number) => x
"""
OPTION = """
import * as option from "./internal/option.js"
import { dual } from "./Function.js"

export const isSome: (x: number) => boolean = option.isSome
export const some = option.some
export const none = dual(2, (a: number) => a)
export function match(x: number) { return x }

const _await: (x: number) => number = option.deferredAwait
export {
  /** @since 2.0.0 */
  _await as await
}
export { map } from "./Mapping.js"
export * from "./Star.js"
"""
FUNCTION = """
export const dual = (n: number, f: (a: number) => number) => f
"""
MAPPING = """
export const map: (x: number) => number = (x) => x
"""
STAR = """
export const flatMap: (x: number) => number = (x) => x
"""
# a decoy of every name, so a name-only guess is never the one candidate
DECOY = """
export function isSome(x: number) { return true }
export function some(x: number) { return x }
export function none(x: number) { return x }
export function map(x: number) { return x }
export function flatMap(x: number) { return x }
"""
USER = """
import * as Option from "./Option.js"
import * as O from "./Option.js"

export function use(x: number) {
  Option.isSome(x)
  Option.some(x)
  Option.none(x)
  Option.match(x)
  Option.await(x)
  O.map(x)
  O.flatMap(x)
  Option.missing(x)
}
"""


def _workspace(root):
    (root / "internal").mkdir(parents=True, exist_ok=True)
    for name, text in (("internal/option", INTERNAL), ("Option", OPTION), ("Function", FUNCTION),
                       ("Mapping", MAPPING), ("Star", STAR), ("decoy", DECOY), ("user", USER)):
        (root / f"{name}.ts").write_text(text)
    index_workspace(root)
    return open_reader(root)


def test_a_namespace_member_that_is_a_constant_is_the_callee(tmp_path):
    conn = _workspace(tmp_path)
    assert call_targets(conn, "user.use", "Option.isSome") == {("import", "Option.isSome")}
    assert call_targets(conn, "user.use", "Option.some") == {("import", "Option.some")}
    assert call_targets(conn, "user.use", "Option.none") == {("import", "Option.none")}
    assert call_targets(conn, "user.use", "Option.match") == {("import", "Option.match")}     # a function, as before


def test_constants_exported_under_another_name_or_from_another_file(tmp_path):
    conn = _workspace(tmp_path)
    assert call_targets(conn, "user.use", "Option.await") == {("import", "Option._await")}
    assert call_targets(conn, "user.use", "O.map") == {("import", "Mapping.map")}
    assert call_targets(conn, "user.use", "O.flatMap") == {("import", "Star.flatMap")}
    assert {how for how, _ in call_targets(conn, "user.use", "Option.missing")} <= {"possible", "unresolved"}


def test_a_constant_added_to_the_module_later_resolves_as_in_a_clean_index(tmp_path):
    """Incremental: `Option.later(x)` names nothing until the constant is added; then it reaches it,
    and the index equals a clean one."""
    work = tmp_path / "work"
    work.mkdir()
    _workspace(work)
    (work / "user.ts").write_text(USER.replace("Option.missing(x)", "Option.missing(x)\n  Option.later(x)"))
    index_workspace(work)
    (work / "Option.ts").write_text(OPTION + "\nexport const later: (x: number) => number = option.some\n")
    index_workspace(work)
    assert call_targets(open_reader(work), "user.use", "Option.later") == {("import", "Option.later")}
    clean = tmp_path / "clean"
    shutil.copytree(work, clean, ignore=shutil.ignore_patterns(".graphmind"))
    index_workspace(clean)
    assert snapshot(work) == snapshot(clean)


def test_an_interface_merged_with_a_namespace_of_its_name_types_a_parameter(tmp_path):
    """`export interface Ref<A> { modify(…) }` and `export declare namespace Ref { interface Variance … }`
    are one name (declaration merging): `self: Ref.Ref<A>` is typed by the interface."""
    (tmp_path / "Ref.ts").write_text("""
export interface Ref<in out A> extends Ref.Variance<A> {
  modify<B>(f: (a: A) => readonly [B, A]): B
}
export declare namespace Ref {
  export interface Variance<in out A> {
    readonly _A: A
  }
}
""")
    conn = _workspace(tmp_path)
    (tmp_path / "useref.ts").write_text("""
import type * as Ref from "./Ref.js"
import { Ref as R } from "./Ref.js"

export function set<A>(self: Ref.Ref<A>, value: A) {
  return self.modify((a) => [a, value])
}
export function get<A>(self: R<A>) {
  return self.modify((a) => [a, a])
}
""")
    (tmp_path / "decoy.ts").write_text(DECOY + "export class Other { modify() {} }\n")
    index_workspace(tmp_path)
    conn = open_reader(tmp_path)
    assert call_targets(conn, "useref.set", "self.modify") == {("inferred", "Ref.Ref.modify")}
    assert call_targets(conn, "useref.get", "self.modify") == {("inferred", "Ref.Ref.modify")}


def test_an_object_literal_member_never_stands_for_a_module_export_of_its_name(tmp_path):
    """`export const toJSON = (x) => …` and, later in the file, `export const BaseProto = { toJSON() {…} }`:
    `Inspectable.toJSON(u)` and a bare `toJSON(u)` call the function, never the literal's member."""
    (tmp_path / "Inspectable.ts").write_text("""
export const toJSON = (x: unknown): unknown => x
export const format = (x: unknown): string => String(toJSON(x))
export const BaseProto = {
  toJSON() {
    return toJSON(this)
  },
  diff: (a: number, b: number) => a - b,
}
export const diff: (a: number, b: number) => number = (a, b) => a - b
export const patch = make<number>(2, (a: number, b: number) => a + b)
export const differ = make({
  patch: (a: number, b: number) => patch(b, a),
})
""")
    (tmp_path / "logger.ts").write_text("""
import * as Inspectable from "./Inspectable.js"

export function log(u: unknown) {
  Inspectable.diff(1, 2)
  Inspectable.patch(1, 2)
  return Inspectable.toJSON(u)
}
""")
    index_workspace(tmp_path)
    conn = open_reader(tmp_path)
    assert call_targets(conn, "logger.log", "Inspectable.toJSON") == {("import", "Inspectable.toJSON")}
    assert call_rows(conn, "logger.log", "Inspectable.toJSON")[0][1] is not None
    line = {t: n for t, n in conn.execute(
        "SELECT c.callee, t.start_line FROM calls c JOIN symbols t ON t.id = c.target_id JOIN symbols s"
        " ON s.id = c.caller_id WHERE s.qualname IN ('logger.log', 'Inspectable.format') AND c.implicit = 0")}
    assert line == {"Inspectable.toJSON": 2, "Inspectable.diff": 10, "Inspectable.patch": 11, "toJSON": 2}


def test_a_base_named_through_a_namespace_merged_with_an_interface(tmp_path):
    """`interface HashMapImpl<K, V> extends HM.HashMap<K, V>` where HashMap.ts declares both
    `interface HashMap … extends Inspectable` and `namespace HashMap`: a typed `this` reaches the
    interface's bases."""
    (tmp_path / "Inspectable.ts").write_text("""
export interface Inspectable {
  toJSON(): unknown
}
""")
    (tmp_path / "HashMap.ts").write_text("""
import type { Inspectable } from "./Inspectable.js"
export interface HashMap<out K, out V> extends Inspectable {
  readonly size: number
}
export declare namespace HashMap {
  export type Key<T> = T
}
""")
    (tmp_path / "hashMap.ts").write_text("""
import type * as HM from "./HashMap.js"
export interface HashMapImpl<out K, out V> extends HM.HashMap<K, V> {
  _editable: boolean
}
const HashMapProto = {
  toString<K, V>(this: HashMapImpl<K, V>) {
    return String(this.toJSON())
  },
}
""")
    (tmp_path / "decoy.ts").write_text("export class Decoy { toJSON() { return 1 } }\n")
    index_workspace(tmp_path)
    conn = open_reader(tmp_path)
    assert call_targets(conn, "hashMap.toString", "this.toJSON") == {("inferred", "Inspectable.Inspectable.toJSON")}


CORE = """
type Trait = { _zod: { def: any } }
export interface $constructor<T extends Trait, D = T["_zod"]["def"]> {
  new (def: D): T
  init(inst: T, def: D): asserts inst is T
}
export function $constructor<T extends Trait, D = T["_zod"]["def"]>(
  name: string,
  initializer: (inst: T, def: D) => void,
): $constructor<T, D> {
  function init(inst: T, def: D) {
    initializer(inst, def)
  }
  function _(this: any, def: D) {
    init(this, def)
  }
  Object.defineProperty(_, "init", { value: init })
  return _ as any
}
"""
SCHEMAS = """
import * as core from "./core.js"

export interface $ZodType { _zod: { def: any } }
export const $ZodType: core.$constructor<$ZodType> = core.$constructor("$ZodType", (inst, def) => {
  inst._zod.def = def
})

export interface $ZodString extends $ZodType {}
export const $ZodString: core.$constructor<$ZodString> = core.$constructor("$ZodString", (inst, def) => {
  $ZodType.init(inst, def)
})

export const $ZodCustom: core.$constructor<$ZodType> = core.$constructor("$ZodCustom", (inst, def) => {
  inst._zod.parse = (payload: unknown) => payload
})
"""
PARSE = """
export type $Parse = (schema: unknown, value: unknown) => unknown
export const _parse = (name: string): $Parse => (schema, value) => value
export const parse: $Parse = _parse("parse")
"""
CLASSIC = """
import * as core from "./index.js"

export const ZodString: core.$constructor<core.$ZodString> = core.$constructor("ZodString", (inst, def) => {
  core.$ZodString.init(inst, def)
  core.parse(inst, def)
})
"""


def test_a_constant_beside_an_interface_of_its_name_types_the_calls_on_it(tmp_path):
    """zod's idiom: `export interface $ZodType` and `export const $ZodType: core.$constructor<$ZodType>`,
    where `core.ts` declares both `interface $constructor` (with `init`) and `function $constructor` (with a
    local `init`). `$ZodType.init(…)`, `core.$ZodString.init(…)` through `export *`, reach the interface's
    member, as the compiler says; `core.parse` is the constant parse.ts exports, not a `parse` another
    re-exported file assigns to a member."""
    for name, text in (("core", CORE), ("schemas", SCHEMAS), ("parse", PARSE), ("classic", CLASSIC),
                       ("index", 'export * from "./core.js"\nexport * from "./parse.js"\nexport * from "./schemas.js"\n'),
                       ("decoy", "export class Decoy { init(a: unknown, b: unknown) {} }\n")):
        (tmp_path / f"{name}.ts").write_text(text)
    index_workspace(tmp_path)
    conn = open_reader(tmp_path)
    member = {("inferred", "core.$constructor.init", 5)}
    line = "SELECT c.resolution, t.qualname, t.start_line FROM calls c JOIN symbols s ON s.id = c.caller_id" \
           " JOIN symbols t ON t.id = c.target_id WHERE s.qualname = ? AND c.callee = ?"
    assert set(conn.execute(line, ("schemas", "$ZodType.init"))) == member
    assert set(conn.execute(line, ("classic", "core.$ZodString.init"))) == member
    assert set(conn.execute(line, ("classic", "core.parse"))) == {("import", "parse.parse", 4)}
