; Scala tags for graphmind. Vocabulary: queries/README.md.

; ---- definitions -------------------------------------------------------

(class_definition
  name: (identifier) @name
  body: (template_body)? @body) @definition.class

; `object X` is a singleton module (a companion object shares its class's name)
(object_definition
  name: (identifier) @name
  body: (template_body)? @body) @definition.module

(trait_definition
  name: (identifier) @name
  body: (template_body)? @body) @definition.trait

(enum_definition
  name: (identifier) @name
  body: (enum_body) @body) @definition.enum

(type_definition
  name: (type_identifier) @name) @definition.type

; defs in a class/object/trait body are methods; `def this(...)` is an auxiliary constructor
((template_body
  (function_definition
    name: (identifier) @name
    body: (_) @body) @definition.method)
 (#not-eq? @name "this"))

((template_body
  (function_definition
    name: (identifier) @name
    body: (_) @body) @definition.constructor)
 (#eq? @name "this"))

(template_body
  (function_declaration
    name: (identifier) @name) @definition.method)

(enum_body
  (function_definition
    name: (identifier) @name
    body: (_) @body) @definition.method)

; top-level (Scala 3) and local defs are functions
(compilation_unit
  (function_definition
    name: (identifier) @name
    body: (_) @body) @definition.function)

(block
  (function_definition
    name: (identifier) @name
    body: (_) @body) @definition.function)

; ---- inheritance: extends A with B -------------------------------------

; (no `type:` field in the pattern: repeated fields only match their first child here)
(extends_clause
  [
    (type_identifier) @name
    (stable_type_identifier (type_identifier) @name .)
    (generic_type type: [
      (type_identifier) @name
      (stable_type_identifier (type_identifier) @name .)])
  ] @reference.inherit)

; ---- calls -------------------------------------------------------------

((call_expression
  function: [
    (identifier) @name
    (generic_function function: (identifier) @name)
  ]) @reference.call
 (#not-eq? @name "this"))

; obj.m(), this.m(), Obj.m[T]()
(call_expression
  function: [
    (field_expression value: (_) @receiver field: (identifier) @name)
    (generic_function function: (field_expression value: (_) @receiver field: (identifier) @name))
  ]) @reference.call

; xs map f: an alphanumeric infix operator is a method call
(infix_expression
  left: (_) @receiver
  operator: (identifier) @name) @reference.call

; new Foo(...)
(instance_expression
  [
    (type_identifier) @name
    (stable_type_identifier (type_identifier) @name .)
    (generic_type type: [
      (type_identifier) @name
      (stable_type_identifier (type_identifier) @name .)])
  ]) @reference.call

; ---- imports -----------------------------------------------------------
; The grammar has no node for a dotted import path: each segment is its own `path:`
; identifier (matched here without the field, as repeated fields only match their first
; child). @name captures every segment in one match: the module is the source text from
; the first @name node to the last. Generated for paths of 1 to 6 segments.


; 1 segment(s)
(import_declaration
  .
  (identifier) @name
  .) @reference.import

(import_declaration
  .
  (identifier) @name
  .
  (namespace_wildcard) @symbol) @reference.import

(import_declaration
  .
  (identifier) @name
  .
  (namespace_selectors
    [
      (identifier) @symbol
      (arrow_renamed_identifier name: (identifier) @symbol alias: (identifier) @alias)
      (as_renamed_identifier name: (identifier) @symbol alias: (identifier) @alias)
    ])) @reference.import

; 2 segment(s)
(import_declaration
  .
  (identifier) @name .
  (identifier) @symbol
  .) @reference.import

(import_declaration
  .
  (identifier) @name .
  (identifier) @name
  .
  (namespace_wildcard) @symbol) @reference.import

(import_declaration
  .
  (identifier) @name .
  (identifier) @name
  .
  (namespace_selectors
    [
      (identifier) @symbol
      (arrow_renamed_identifier name: (identifier) @symbol alias: (identifier) @alias)
      (as_renamed_identifier name: (identifier) @symbol alias: (identifier) @alias)
    ])) @reference.import

; 3 segment(s)
(import_declaration
  .
  (identifier) @name .
  (identifier) @name .
  (identifier) @symbol
  .) @reference.import

(import_declaration
  .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name
  .
  (namespace_wildcard) @symbol) @reference.import

(import_declaration
  .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name
  .
  (namespace_selectors
    [
      (identifier) @symbol
      (arrow_renamed_identifier name: (identifier) @symbol alias: (identifier) @alias)
      (as_renamed_identifier name: (identifier) @symbol alias: (identifier) @alias)
    ])) @reference.import

; 4 segment(s)
(import_declaration
  .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name .
  (identifier) @symbol
  .) @reference.import

(import_declaration
  .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name
  .
  (namespace_wildcard) @symbol) @reference.import

(import_declaration
  .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name
  .
  (namespace_selectors
    [
      (identifier) @symbol
      (arrow_renamed_identifier name: (identifier) @symbol alias: (identifier) @alias)
      (as_renamed_identifier name: (identifier) @symbol alias: (identifier) @alias)
    ])) @reference.import

; 5 segment(s)
(import_declaration
  .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name .
  (identifier) @symbol
  .) @reference.import

(import_declaration
  .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name
  .
  (namespace_wildcard) @symbol) @reference.import

(import_declaration
  .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name
  .
  (namespace_selectors
    [
      (identifier) @symbol
      (arrow_renamed_identifier name: (identifier) @symbol alias: (identifier) @alias)
      (as_renamed_identifier name: (identifier) @symbol alias: (identifier) @alias)
    ])) @reference.import

; 6 segment(s)
(import_declaration
  .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name .
  (identifier) @symbol
  .) @reference.import

(import_declaration
  .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name
  .
  (namespace_wildcard) @symbol) @reference.import

(import_declaration
  .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name .
  (identifier) @name
  .
  (namespace_selectors
    [
      (identifier) @symbol
      (arrow_renamed_identifier name: (identifier) @symbol alias: (identifier) @alias)
      (as_renamed_identifier name: (identifier) @symbol alias: (identifier) @alias)
    ])) @reference.import
