; TypeScript flow facts for graphmind: how a module imports and what it exports, read by
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
    (class_declaration name: (type_identifier) @value)
    (abstract_class_declaration name: (type_identifier) @value)
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
    (class name: (type_identifier) @value)
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

; export = X (TypeScript's CommonJS export)
(export_statement
  "=" @name
  (identifier) @value) @binding.cjs_export

; What names hold, at any depth (read by graphmind/lang/flow/typeflow.py): declared types of locals,
; parameters, fields and constructor parameter properties, return types, initializers, `this.x = …`.
; max-start-depth: none
(variable_declarator name: (identifier) @name type: (type_annotation (_) @value)) @binding.annot
(variable_declarator name: (identifier) @name value: (as_expression (_) [(type_identifier) (generic_type) (nested_type_identifier)] @value)) @binding.annot
(variable_declarator name: (identifier) @name !type value: (_) @value) @binding.assign
(assignment_expression left: (member_expression object: (this) @object property: [(property_identifier) (private_property_identifier)] @name) right: (_) @value) @binding.attr
(public_field_definition name: [(property_identifier) (private_property_identifier)] @name type: (type_annotation (_) @value)) @binding.annot
(public_field_definition name: [(property_identifier) (private_property_identifier)] @name !type value: (_) @value) @binding.assign
(formal_parameters [(required_parameter pattern: (identifier) @name !type) (optional_parameter pattern: (identifier) @name !type)]) @binding.param
(formal_parameters [(required_parameter pattern: (identifier) @name type: (type_annotation (_) @value)) (optional_parameter pattern: (identifier) @name type: (type_annotation (_) @value))]) @binding.annot
(formal_parameters [(required_parameter pattern: (identifier) @name !type value: (_) @value) (optional_parameter pattern: (identifier) @name !type value: (_) @value)]) @binding.assign
; a destructured parameter with a declared type (`({ router }: { router: AnyRouter })`): each name is
; declared as that member of the type (`T['router']`, graphmind/index/flowfacts.py)
(formal_parameters [(required_parameter pattern: (object_pattern [(shorthand_property_identifier_pattern) @name (pair_pattern key: (property_identifier) @key value: (identifier) @name)]) type: (type_annotation (_) @value)) (optional_parameter pattern: (object_pattern [(shorthand_property_identifier_pattern) @name (pair_pattern key: (property_identifier) @key value: (identifier) @name)]) type: (type_annotation (_) @value))]) @binding.annotmember
(formal_parameters [(required_parameter (accessibility_modifier) pattern: (identifier) @name type: (type_annotation (_) @value)) (optional_parameter (accessibility_modifier) pattern: (identifier) @name type: (type_annotation (_) @value))]) @binding.attrannot
(formal_parameters [(required_parameter "readonly" pattern: (identifier) @name type: (type_annotation (_) @value)) (optional_parameter "readonly" pattern: (identifier) @name type: (type_annotation (_) @value))]) @binding.attrannot
(formal_parameters [(required_parameter [(accessibility_modifier) "readonly"] pattern: (identifier) @name !type value: (_) @value) (optional_parameter [(accessibility_modifier) "readonly"] pattern: (identifier) @name !type value: (_) @value)]) @binding.attr
(for_in_statement left: (identifier) @name) @binding.local
(for_in_statement left: (identifier) @name operator: "of" right: (_) @value) @binding.element
; `for (const { deferred, options: o } of entries)`: each name is that member of an element (graphmind/index/flowfacts.py)
; `for (const [key, entry] of byKey)`, `of byKey.entries()`: a Map's key and value (graphmind/lang/flow/typeflow.py)
(for_in_statement left: (array_pattern . (identifier) @name) operator: "of" right: (_) @value) @binding.entrykey
(for_in_statement left: (array_pattern . (identifier) . (identifier) @name) operator: "of" right: (_) @value) @binding.entryvalue
(for_in_statement left: (object_pattern [(shorthand_property_identifier_pattern) @name (pair_pattern key: (property_identifier) @key value: (identifier) @name)]) operator: "of" right: (_) @value) @binding.elementmember
(variable_declarator name: (identifier) @name !type value: (new_expression type_arguments: (type_arguments)) @value) @binding.annot
(public_field_definition name: [(property_identifier) (private_property_identifier)] @name !type value: (new_expression type_arguments: (type_arguments)) @value) @binding.annot
(variable_declarator name: [(object_pattern [(shorthand_property_identifier_pattern) @name (pair_pattern value: (identifier) @name)]) (array_pattern (identifier) @name)]) @binding.local
(catch_clause parameter: (identifier) @name) @binding.local
(interface_body (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot)
(type_alias_declaration value: (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot))
; ... and of an object type written for a class field, a parameter or a variable, which the tag query makes a type of its own
; (`private _momentumStop: { restore: () => boolean; owner: Owner } | null`): its members' declared types
(public_field_definition type: (type_annotation [(object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot) (union_type (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot))]))
[(function_declaration parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot)))])) (generator_function_declaration parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot)))])) (method_definition parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot)))])) (method_signature parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot)))])) (abstract_method_signature parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot)))])) (function_signature parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot)))])) (variable_declarator value: [(arrow_function parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot)))])) (function_expression parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot)))]))]) (public_field_definition value: [(arrow_function parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot)))])) (function_expression parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot)))]))]) (pair value: [(arrow_function parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot)))])) (function_expression parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot)))]))]) (property_signature type: (type_annotation (function_type parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot)))]))))]
(variable_declarator name: (identifier) type: (type_annotation (object_type (property_signature name: (property_identifier) @name type: (type_annotation (_) @value)) @binding.annot)))
(type_alias_declaration name: (type_identifier) @name value: (_) @value) @binding.typealias
; an interface with one call signature (`interface FilterFn<T> { (row: Row<T>, id: string): boolean; autoRemove?: … }`):
; an arrow a declarator of that type holds takes its parameter types (graphmind/lang/flow/contextual.py)
(interface_declaration name: (type_identifier) @name body: (interface_body (call_signature) @value)) @binding.callsignature
(binary_expression left: (identifier) @name operator: "instanceof" right: [(identifier) (member_expression)] @value) @binding.annot
(formal_parameters (required_parameter pattern: (this) @name type: (type_annotation (_) @value))) @binding.annot
(variable_declarator name: (object_pattern [(shorthand_property_identifier_pattern) @name (pair_pattern key: (property_identifier) @key value: (identifier) @name)]) value: [(identifier) (this) (member_expression) (call_expression) (subscript_expression)] @value) @binding.member
[(function_declaration return_type: (type_annotation (_) @value)) (method_definition return_type: (type_annotation (_) @value)) (arrow_function return_type: (type_annotation (_) @value)) (function_expression return_type: (type_annotation (_) @value)) (method_signature return_type: (type_annotation (_) @value)) (abstract_method_signature return_type: (type_annotation (_) @value))] @binding.returns
(return_statement (_) @value) @binding.return
; a type alias of a function type (`type Factory = <T>(initial: T) => Store<T>`): a value of it, called, returns that
(type_alias_declaration value: (function_type return_type: (_) @value)) @binding.returns
; a getter (`get parent() { return this.node(this.depth) }`): read as `this.parent`, it is what it returns
(method_definition "get" name: (property_identifier) @name) @binding.getter
; Parameters by position (graphmind/index/argparams.py): a definition's parameter list, and an untyped
; parameter of a function passed as an argument (typed by what the callee declares for that argument).
[(function_declaration parameters: (formal_parameters) @value) (method_definition parameters: (formal_parameters) @value) (method_signature parameters: (formal_parameters) @value) (property_signature type: (type_annotation (function_type parameters: (formal_parameters) @value))) (variable_declarator value: (arrow_function parameters: (formal_parameters) @value))] @binding.params
(call_expression function: (_) @value arguments: (arguments [(arrow_function parameters: (formal_parameters [(required_parameter pattern: (identifier) @name !type) (optional_parameter pattern: (identifier) @name !type)])) (arrow_function parameter: (identifier) @name) (function_expression parameters: (formal_parameters [(required_parameter pattern: (identifier) @name !type) (optional_parameter pattern: (identifier) @name !type)]))])) @binding.argparam
; an untyped parameter of an arrow a typed declarator holds (`const fn: $Parse = (schema, value) => …`) or a
; function returns in place (`function map(…): OperatorFunction<A, E, B, E> { return (source) => … }`): the
; parameter of the function type written there (graphmind/index/argparams.py: position and type)
(variable_declarator type: (type_annotation (_) @value) value: [(arrow_function parameters: (formal_parameters [(required_parameter pattern: (identifier) @name !type) (optional_parameter pattern: (identifier) @name !type)])) (arrow_function parameter: (identifier) @name)]) @binding.typedparam
([(function_declaration return_type: (type_annotation (_) @value) body: (statement_block (return_statement [(arrow_function parameters: (formal_parameters [(required_parameter pattern: (identifier) @name !type) (optional_parameter pattern: (identifier) @name !type)])) (arrow_function parameter: (identifier) @name)]))) (method_definition return_type: (type_annotation (_) @value) body: (statement_block (return_statement [(arrow_function parameters: (formal_parameters [(required_parameter pattern: (identifier) @name !type) (optional_parameter pattern: (identifier) @name !type)])) (arrow_function parameter: (identifier) @name)])))]) @binding.typedparam
; ... or an arrow returns (`const _safeParse: (e: E) => $SafeParse = (e) => (schema, value) => …`, `(x): Op => (source) => …`)
(variable_declarator type: (type_annotation (function_type return_type: (_) @value)) value: (arrow_function body: [(arrow_function parameters: (formal_parameters [(required_parameter pattern: (identifier) @name !type) (optional_parameter pattern: (identifier) @name !type)])) (arrow_function parameter: (identifier) @name)])) @binding.typedparam
(arrow_function return_type: (type_annotation (_) @value) body: [(arrow_function parameters: (formal_parameters [(required_parameter pattern: (identifier) @name !type) (optional_parameter pattern: (identifier) @name !type)])) (arrow_function parameter: (identifier) @name)]) @binding.typedparam
; ... or a method of an object literal a typed declarator holds or a function returns (`const self: Observable<T, E> =
; { subscribe(observer) { … } }`): the parameter of that member of the declared type
(variable_declarator type: (type_annotation (_) @value) value: (object [(method_definition parameters: (formal_parameters [(required_parameter pattern: (identifier) @name !type) (optional_parameter pattern: (identifier) @name !type)])) (pair value: [(arrow_function parameters: (formal_parameters [(required_parameter pattern: (identifier) @name !type) (optional_parameter pattern: (identifier) @name !type)])) (arrow_function parameter: (identifier) @name) (function_expression parameters: (formal_parameters [(required_parameter pattern: (identifier) @name !type) (optional_parameter pattern: (identifier) @name !type)]))])])) @binding.typedparam
([(function_declaration return_type: (type_annotation (_) @value) body: (statement_block (return_statement (object [(method_definition parameters: (formal_parameters [(required_parameter pattern: (identifier) @name !type) (optional_parameter pattern: (identifier) @name !type)])) (pair value: [(arrow_function parameters: (formal_parameters [(required_parameter pattern: (identifier) @name !type) (optional_parameter pattern: (identifier) @name !type)])) (arrow_function parameter: (identifier) @name) (function_expression parameters: (formal_parameters [(required_parameter pattern: (identifier) @name !type) (optional_parameter pattern: (identifier) @name !type)]))])])))) (method_definition return_type: (type_annotation (_) @value) body: (statement_block (return_statement (object [(method_definition parameters: (formal_parameters [(required_parameter pattern: (identifier) @name !type) (optional_parameter pattern: (identifier) @name !type)])) (pair value: [(arrow_function parameters: (formal_parameters [(required_parameter pattern: (identifier) @name !type) (optional_parameter pattern: (identifier) @name !type)])) (arrow_function parameter: (identifier) @name) (function_expression parameters: (formal_parameters [(required_parameter pattern: (identifier) @name !type) (optional_parameter pattern: (identifier) @name !type)]))])]))))]) @binding.typedparam
; type parameters of a generic function, class, interface or type alias, in order (`<T extends X, D = Y>`)
[(function_declaration type_parameters: (type_parameters) @value) (method_definition type_parameters: (type_parameters) @value) (arrow_function type_parameters: (type_parameters) @value) (interface_declaration type_parameters: (type_parameters) @value) (class_declaration type_parameters: (type_parameters) @value) (abstract_class_declaration type_parameters: (type_parameters) @value)] @binding.typeparams
(type_alias_declaration name: (type_identifier) @name type_parameters: (type_parameters) @value) @binding.typeparams
; a base named with type arguments, as written (`class ZodObject<T> extends ZodType<T, ZodObjectDef<T>>`)
(extends_clause value: (_) @value type_arguments: (type_arguments)) @binding.baseargs
(extends_type_clause type: (generic_type) @value) @binding.baseargs
; `type ProtoOf<T> = {…} & ThisType<T>`: what `this` is in the methods of a literal of that type (@value: T)
(type_alias_declaration name: (type_identifier) @name value: (intersection_type (generic_type name: (type_identifier) @_this type_arguments: (type_arguments . (_) @value .)) (#eq? @_this "ThisType"))) @binding.thistype
; `this` in a method of an object literal: passed as an argument (the callee's `ThisType<T>` for it) or
; assigned to a typed variable (that type)
(call_expression function: (_) @value arguments: (arguments (object (method_definition name: (_) @name)))) @binding.argparam
(variable_declarator type: (type_annotation (_) @value) value: (object (method_definition name: (_) @name))) @binding.thisannot
(new_expression constructor: (_) @value arguments: (arguments [(arrow_function parameters: (formal_parameters [(required_parameter pattern: (identifier) @name !type) (optional_parameter pattern: (identifier) @name !type)])) (arrow_function parameter: (identifier) @name) (function_expression parameters: (formal_parameters [(required_parameter pattern: (identifier) @name !type) (optional_parameter pattern: (identifier) @name !type)]))])) @binding.argparam

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
