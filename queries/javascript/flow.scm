; JavaScript flow facts for graphmind: how a module imports and what it exports, read by
; graphmind/lang_js.py. Kinds (module scope): default_import (`import D from "m"`: @name is D),
; export (@name is the exported name, @value the local name it exports), cjs_export
; (`module.exports = X`: @value is X).
; Every pattern starts at a statement of the file or the expression in it:
; max-start-depth: 2

; import D from "m", import D, { a } from "m"
(import_statement
  (import_clause . (identifier) @name)) @binding.default_import

; export default foo
(export_statement
  "default" @name
  value: (identifier) @value) @binding.export

; export default function main() {}, export default class A {}
(export_statement
  "default" @name
  declaration: [
    (function_declaration name: (identifier) @value)
    (generator_function_declaration name: (identifier) @value)
    (class_declaration name: (identifier) @value)
  ]) @binding.export

; export { a as b }, export { a as default } (no `from`: local names)
(export_statement
  (export_clause
    (export_specifier
      name: _ @value
      alias: _ @name))
  !source) @binding.export

; export { a }
(export_statement
  (export_clause
    (export_specifier
      name: _ @name @value
      !alias))
  !source) @binding.export

; module.exports = X, module.exports = class X {}, module.exports = function X() {}
(assignment_expression
  left: (member_expression
    object: (identifier) @_module
    property: (property_identifier) @name)
  right: [
    (identifier) @value
    (class name: (identifier) @value)
    (function_expression name: (identifier) @value)
  ]
  (#eq? @_module "module")
  (#eq? @name "exports")) @binding.cjs_export

; module.exports = function () {}: the tag query names that function `exports`
(assignment_expression
  left: (member_expression
    object: (identifier) @_module
    property: (property_identifier) @name @value)
  right: [
    (function_expression !name)
    (arrow_function)
  ]
  (#eq? @_module "module")
  (#eq? @name "exports")) @binding.cjs_export
