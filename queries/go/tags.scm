; Go tags for graphmind. Vocabulary: queries/README.md.

; ---- definitions -------------------------------------------------------

(function_declaration
  name: (identifier) @name
  body: (block) @body) @definition.function

; func (r *T) Name() {...}: a method; its type is in the receiver, not an enclosing scope
(method_declaration
  name: (field_identifier) @name
  body: (block) @body) @definition.method

(type_spec
  name: (type_identifier) @name
  type: (struct_type (field_declaration_list) @body)) @definition.struct

(type_spec
  name: (type_identifier) @name
  type: (interface_type) @body) @definition.interface

(type_spec
  name: (type_identifier) @name
  type: [
    (type_identifier) (qualified_type) (generic_type) (pointer_type) (slice_type)
    (array_type) (map_type) (channel_type) (function_type)
  ]) @definition.type

(type_alias
  name: (type_identifier) @name) @definition.type

; method sets in interfaces
(method_elem
  name: (field_identifier) @name) @definition.method

; ---- inheritance: embedded fields and embedded interfaces --------------

(field_declaration
  !name
  type: [
    (type_identifier) @name
    (qualified_type name: (type_identifier) @name)
    (generic_type type: [
      (type_identifier) @name
      (qualified_type name: (type_identifier) @name)])
  ] @reference.inherit)

(interface_type
  (type_elem
    .
    [
      (type_identifier) @name
      (qualified_type name: (type_identifier) @name)
      (generic_type type: [
        (type_identifier) @name
        (qualified_type name: (type_identifier) @name)])
    ] .) @reference.inherit)

; ---- calls -------------------------------------------------------------

(call_expression
  function: (identifier) @name) @reference.call

(call_expression
  function: (selector_expression
    operand: (_) @receiver
    field: (field_identifier) @name)) @reference.call

; ---- imports -----------------------------------------------------------

; import "fmt"; import str "strings" (the `_` and `.` forms bind no alias)
(import_spec
  name: (package_identifier)? @alias
  path: (interpreted_string_literal (interpreted_string_literal_content) @name)) @reference.import

(import_spec
  path: (raw_string_literal (raw_string_literal_content) @name)) @reference.import

; Types named in parameters, results, fields, variables, assertions and composite literals
; (`&Svc{}`): dependencies, not calls. Receivers are left out: a method names its own type.
(function_declaration parameters: (parameter_list (parameter_declaration type: (_) @reference.type)))
(method_declaration parameters: (parameter_list (parameter_declaration type: (_) @reference.type)))
(function_declaration result: (_) @reference.type)
(method_declaration result: (_) @reference.type)
(field_declaration type: (_) @reference.type)
(var_spec type: (_) @reference.type)
(type_assertion_expression type: (_) @reference.type)
(composite_literal type: (_) @reference.type)

; ---- package-level constants and variables: leaf definitions (graphmind/index/variables.py) ----

(source_file (const_declaration (const_spec name: (identifier) @name) @definition.constant))
(source_file (var_declaration (var_spec name: (identifier) @name) @definition.variable))
(source_file (var_declaration (var_spec_list (var_spec name: (identifier) @name) @definition.variable)))
