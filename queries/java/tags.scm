; Java tags for graphmind. Vocabulary: queries/README.md.

; ---- definitions -------------------------------------------------------

(class_declaration
  name: (identifier) @name
  body: (class_body) @body) @definition.class

(record_declaration
  name: (identifier) @name
  body: (class_body) @body) @definition.class

(interface_declaration
  name: (identifier) @name
  body: (interface_body) @body) @definition.interface

(annotation_type_declaration
  name: (identifier) @name
  body: (annotation_type_body) @body) @definition.interface

(enum_declaration
  name: (identifier) @name
  body: (enum_body) @body) @definition.enum

; an enum constant with a body is a class of its own: the methods it declares are its, not the
; enum's (a call on a value of the enum reaches the enum's declaration, as javac binds it)
(enum_constant
  name: (identifier) @name
  body: (class_body) @body) @definition.class

(method_declaration
  name: (identifier) @name
  body: (block)? @body) @definition.method

(constructor_declaration
  name: (identifier) @name
  body: (constructor_body) @body) @definition.constructor

; an annotation type's element (`Class<?> factory();`) is a method its users call (`factory.factory()`)
(annotation_type_element_declaration
  name: (identifier) @name) @definition.method

(compact_constructor_declaration
  name: (identifier) @name
  body: (block) @body) @definition.constructor

; ---- inheritance -------------------------------------------------------

(superclass
  [
    (type_identifier) @name
    (scoped_type_identifier (type_identifier) @name .)
    (generic_type [
      (type_identifier) @name
      (scoped_type_identifier (type_identifier) @name .)])
  ] @reference.inherit)

(super_interfaces
  (type_list
    [
      (type_identifier) @name
      (scoped_type_identifier (type_identifier) @name .)
      (generic_type [
        (type_identifier) @name
        (scoped_type_identifier (type_identifier) @name .)])
    ] @reference.inherit))

; an enum constant's body extends its enum (`this` there is a value of the enum)
(enum_declaration
  name: (identifier) @name
  body: (enum_body (enum_constant body: (class_body) @reference.inherit)))

(extends_interfaces
  (type_list
    [
      (type_identifier) @name
      (scoped_type_identifier (type_identifier) @name .)
      (generic_type [
        (type_identifier) @name
        (scoped_type_identifier (type_identifier) @name .)])
    ] @reference.inherit))

; ---- calls -------------------------------------------------------------

(method_invocation
  object: (_)? @receiver
  name: (identifier) @name) @reference.call

; this(…) and super(…) in a constructor: the constructor they run
(explicit_constructor_invocation
  constructor: [(this) (super)] @name) @reference.call

; new Foo(), new pkg.Foo<>()
(object_creation_expression
  type: [
    (type_identifier) @name
    (scoped_type_identifier (type_identifier) @name .)
    (generic_type [
      (type_identifier) @name
      (scoped_type_identifier (type_identifier) @name .)])
  ]) @reference.call

; ---- imports -----------------------------------------------------------

; import a.b.C;  import static a.b.C.m;  (name = a.b, symbol = C)
(import_declaration
  (scoped_identifier
    scope: (_) @name
    name: (identifier) @symbol) .) @reference.import

; import a.b.*;  (@symbol is the `*`)
(import_declaration
  (scoped_identifier) @name
  (asterisk) @symbol) @reference.import

(import_declaration
  (identifier) @name .) @reference.import

; Types named in declarations, catch clauses, casts, instanceof and generic arguments: dependencies, not calls.
(formal_parameter type: (_) @reference.type)
(field_declaration type: (_) @reference.type)
(local_variable_declaration type: (_) @reference.type)
(method_declaration type: (_) @reference.type)
(catch_type) @reference.type
(instanceof_expression right: (_) @reference.type)
(cast_expression type: (_) @reference.type)
(type_arguments) @reference.type

; ---- static fields, interface constants, enum constants: leaf definitions (graphmind/index/variables.py:
; `final` makes a constant). Instance fields are not: a read of one goes through an object.
(field_declaration
  (modifiers "static")
  declarator: (variable_declarator name: (identifier) @name)) @definition.variable
(interface_body (constant_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.constant)
(enum_body (enum_constant name: (identifier) @name !body) @definition.constant)
