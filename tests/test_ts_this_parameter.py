"""TypeScript: a `this:` parameter types `this` in its own function only. prosemirror-transform declares
`TransformError = function TransformError(this: any, message: string) {…} as any` at module level: the
function expression is no symbol (it is cast), and its `this: any` was filed under the module, so every
`this.step()` in the same file's classes read `this` as `any` (17 of the 19 misses scored against the
compiler by scripts/score_ts_oracle.py)."""
from __future__ import annotations

from flowcases import call_targets
from langcases import indexed_workspace

from graphmind.store import open_reader

TRANSFORM = """
export let TransformError = function TransformError(this: any, message: string) {
  let err = Error.call(this, message)
  ;(err as any).__proto__ = TransformError.prototype
  return err
} as any

export class Step {
  apply(doc: string): string { return doc }
}

export class Transform {
  steps: Step[] = []

  step(step: Step): this {
    this.steps.push(step)
    return this
  }

  maybeStep(step: Step) {
    if (!step) throw new TransformError("no step")
    return this.step(step)
  }
}

export function applyWith(this: Step, doc: string) {
  return this.apply(doc)
}

export const applyAgain = function (this: Step, doc: string) {
  return this.apply(doc)
}
"""


def test_a_cast_function_expressions_this_parameter_does_not_type_the_modules_classes(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"src/transform.ts": TRANSFORM}))
    assert call_targets(conn, "src.transform.Transform.maybeStep", "this.step") == {("self", "src.transform.Transform.step")}


def test_a_this_parameter_still_types_this_in_its_own_function(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"src/transform.ts": TRANSFORM}))
    assert call_targets(conn, "src.transform.applyWith", "this.apply") == {("inferred", "src.transform.Step.apply")}
    assert call_targets(conn, "src.transform.applyAgain", "this.apply") == {("inferred", "src.transform.Step.apply")}
