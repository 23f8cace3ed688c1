; C# tags for graphmind. Vocabulary: queries/README.md.

; ---- definitions -------------------------------------------------------

(class_declaration
  name: (identifier) @name
  body: (declaration_list) @body) @definition.class

(record_declaration
  name: (identifier) @name
  body: (declaration_list)? @body) @definition.class

(struct_declaration
  name: (identifier) @name
  body: (declaration_list) @body) @definition.struct

(interface_declaration
  name: (identifier) @name
  body: (declaration_list) @body) @definition.interface

(enum_declaration
  name: (identifier) @name
  body: (enum_member_declaration_list) @body) @definition.enum

(delegate_declaration
  name: (identifier) @name) @definition.type

(namespace_declaration
  name: [
    (identifier) @name
    (qualified_name name: (identifier) @name)
  ]
  body: (declaration_list) @body) @definition.namespace

; `namespace A.B;` covers no declarations in the tree: the namespace is recorded, empty
(file_scoped_namespace_declaration
  name: [
    (identifier) @name
    (qualified_name name: (identifier) @name)
  ]) @definition.namespace

(method_declaration
  name: (identifier) @name
  body: (_)? @body) @definition.method

(constructor_declaration
  name: (identifier) @name
  body: (_)? @body) @definition.constructor

(destructor_declaration
  name: (identifier) @name
  body: (_)? @body) @definition.method

(local_function_statement
  name: (identifier) @name
  body: (_)? @body) @definition.function

; ---- inheritance: class A : Base, IFoo ---------------------------------

(base_list
  [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name name: [(identifier) @name (generic_name (identifier) @name)])
  ] @reference.inherit)

; record R(int X) : Base(X): the captured node is the type, without the arguments
(base_list
  (primary_constructor_base_type
    type: [
      (identifier) @name
      (generic_name (identifier) @name)
      (qualified_name name: [(identifier) @name (generic_name (identifier) @name)])
    ] @reference.inherit))

; ---- calls -------------------------------------------------------------

(invocation_expression
  function: [
    (identifier) @name
    (generic_name (identifier) @name)
  ]) @reference.call

; obj.M(), this.M(), base.M(), Type.Static<T>()
(invocation_expression
  function: (member_access_expression
    expression: _ @receiver
    name: [(identifier) @name (generic_name (identifier) @name)])) @reference.call

; obj?.M()
(invocation_expression
  function: (conditional_access_expression
    condition: (_) @receiver
    (member_binding_expression
      name: [(identifier) @name (generic_name (identifier) @name)]))) @reference.call

; new Foo(), new List<int>(), new Ns.Foo()
(object_creation_expression
  type: [
    (identifier) @name
    (generic_name (identifier) @name)
    (qualified_name name: [(identifier) @name (generic_name (identifier) @name)])
  ]) @reference.call

; ---- imports: using A.B; using static A.B; using C = A.B; ---------------

(using_directive
  !name
  [(identifier) (qualified_name)] @name) @reference.import

(using_directive
  name: (identifier) @alias
  [(identifier) (qualified_name) (generic_name)] @name) @reference.import

; Types named in declarations, parameters, casts, catch clauses, patterns and generic arguments:
; dependencies, not calls.
(parameter type: (_) @reference.type)
(variable_declaration type: (_) @reference.type)
(method_declaration returns: (_) @reference.type)
(cast_expression type: (_) @reference.type)
(catch_declaration type: (_) @reference.type)
(declaration_pattern type: (_) @reference.type)
(type_argument_list) @reference.type
