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

; What names hold, at any depth (read by graphmind/lang/flow/typeflow.py): locals and module-level
; variables, parameters (they shadow outer names), `this.x = …` fields, class fields, returns.
; max-start-depth: none
(variable_declarator name: (identifier) @name value: (_) @value) @binding.assign
(assignment_expression left: (member_expression object: (this) @object property: [(property_identifier) (private_property_identifier)] @name) right: (_) @value) @binding.attr
(field_definition property: [(property_identifier) (private_property_identifier)] @name value: (_) @value) @binding.assign
(formal_parameters [(identifier) @name (assignment_pattern left: (identifier) @name)]) @binding.param
(formal_parameters (assignment_pattern left: (identifier) @name right: (_) @value)) @binding.assign
(for_in_statement left: (identifier) @name) @binding.local
(variable_declarator name: [(object_pattern [(shorthand_property_identifier_pattern) @name (pair_pattern value: (identifier) @name)]) (array_pattern (identifier) @name)]) @binding.local
(catch_clause parameter: (identifier) @name) @binding.local
(return_statement (_) @value) @binding.return

; Reads of module-level variables, static fields and enum members: `Config.MAX`, `ns.LIMIT` (member
; reads) and bare names where a value is read; kept only as `read` edges (graphmind/resolve/reads.py).
(member_expression object: (identifier) @object property: (property_identifier) @name) @implicit.attribute
(call_expression function: (member_expression) @called)
[(arguments (identifier) @name)
 (variable_declarator value: (identifier) @name)
 (assignment_expression right: (identifier) @name)
 (augmented_assignment_expression right: (identifier) @name)
 (return_statement (identifier) @name)
 (binary_expression (identifier) @name)
 (unary_expression argument: (identifier) @name)
 (ternary_expression (identifier) @name)
 (member_expression object: (identifier) @name)
 (subscript_expression object: (identifier) @name)
 (subscript_expression index: (identifier) @name)
 (array (identifier) @name)
 (pair value: (identifier) @name)
 (spread_element (identifier) @name)
 (template_substitution (identifier) @name)
 (parenthesized_expression (identifier) @name)
 (shorthand_property_identifier) @name
 (arrow_function body: (identifier) @name)
 (switch_case value: (identifier) @name)] @implicit.read
