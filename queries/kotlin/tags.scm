; Kotlin tags for graphmind. Vocabulary: queries/README.md.
; The grammar has almost no fields: names are the direct identifier children.

; ---- definitions -------------------------------------------------------

; `enum class` also has the "class" token: class patterns require a class_body or no body at all
(class_declaration
  "class"
  (type_identifier) @name
  (class_body) @body) @definition.class

(class_declaration
  "class"
  (type_identifier) @name
  [(primary_constructor) (delegation_specifier) (type_parameters) (type_constraints)]
  .) @definition.class

(class_declaration
  "class"
  (type_identifier) @name
  .) @definition.class

(class_declaration
  "interface"
  (type_identifier) @name
  (class_body)? @body) @definition.interface

(class_declaration
  "enum"
  (type_identifier) @name
  (enum_class_body) @body) @definition.enum

(object_declaration
  (type_identifier) @name
  (class_body)? @body) @definition.class

(companion_object
  (type_identifier) @name
  (class_body)? @body) @definition.class

(type_alias
  (type_identifier) @name) @definition.type

; member functions (class, object, enum and companion bodies)
(class_body
  (function_declaration
    (simple_identifier) @name
    (function_body)? @body) @definition.method)

(enum_class_body
  (function_declaration
    (simple_identifier) @name
    (function_body)? @body) @definition.method)

; top-level functions (extension functions included) and local functions
(source_file
  (function_declaration
    (simple_identifier) @name
    (function_body)? @body) @definition.function)

(statements
  (function_declaration
    (simple_identifier) @name
    (function_body)? @body) @definition.function)

; constructor(...) : this(...) { }  (@name is the `constructor` keyword)
(secondary_constructor
  "constructor" @name
  (statements)? @body) @definition.constructor

; ---- inheritance: `class A : Base(), Iface` ----------------------------

; (the captured node is the type, without constructor arguments)
(delegation_specifier
  [
    (user_type (type_identifier) @name .)
    (user_type (type_identifier) @name . (type_arguments))
  ] @reference.inherit)

(delegation_specifier
  [
    (constructor_invocation [
      (user_type (type_identifier) @name .)
      (user_type (type_identifier) @name . (type_arguments))] @reference.inherit)
    (explicit_delegation [
      (user_type (type_identifier) @name .)
      (user_type (type_identifier) @name . (type_arguments))] @reference.inherit)
  ])

; ---- calls -------------------------------------------------------------

(call_expression
  (simple_identifier) @name) @reference.call

(call_expression
  (navigation_expression
    .
    (_) @receiver
    (navigation_suffix (simple_identifier) @name) .)) @reference.call

; ---- imports -----------------------------------------------------------
; The grammar keeps the dotted path as one node: @name is the whole path as written
; (`a.b.C`), @symbol its last component when a single name is imported.

((import_header
   (identifier (simple_identifier) @symbol .) @name
   (import_alias (type_identifier) @alias)?) @reference.import
 (#not-match? @reference.import "[*]"))

(import_header
  (identifier) @name
  (wildcard_import) @symbol) @reference.import

; Types named in parameters, properties, return types, casts, `is` checks, catch blocks and generic
; arguments: dependencies, not calls.
(parameter (user_type) @reference.type)
(class_parameter (user_type) @reference.type)
(function_declaration (user_type) @reference.type)
(variable_declaration (user_type) @reference.type)
(as_expression (user_type) @reference.type)
(check_expression (user_type) @reference.type)
(catch_block (user_type) @reference.type)
(type_arguments) @reference.type
