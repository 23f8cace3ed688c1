; C tags for graphmind. Vocabulary: queries/README.md.

; ---- definitions -------------------------------------------------------

(function_definition
  declarator: [
    (function_declarator declarator: (identifier) @name)
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))
  ]
  body: (compound_statement) @body) @definition.function

(struct_specifier
  name: (type_identifier) @name
  body: (field_declaration_list) @body) @definition.struct

(union_specifier
  name: (type_identifier) @name
  body: (field_declaration_list) @body) @definition.struct

(enum_specifier
  name: (type_identifier) @name
  body: (enumerator_list) @body) @definition.enum

(type_definition
  declarator: (type_identifier) @name) @definition.type

(preproc_function_def
  name: (identifier) @name) @definition.macro

; object-like macros with a value (include guards have none)
(preproc_def
  name: (identifier) @name
  value: (_)) @definition.macro

; ---- calls -------------------------------------------------------------

(call_expression
  function: (identifier) @name) @reference.call

; s.fn(), p->fn(): calls through function-pointer fields
(call_expression
  function: (field_expression
    argument: (_) @receiver
    field: (field_identifier) @name)) @reference.call

; ---- imports: #include "x.h" (@name without quotes) and <x.h> (brackets kept: no inner node) --

(preproc_include
  path: (string_literal (string_content) @name)) @reference.import

(preproc_include
  path: (system_lib_string) @name) @reference.import
