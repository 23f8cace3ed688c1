; C++ tags for graphmind. Vocabulary: queries/README.md.
; Function patterns accept the declarator bare or behind `*`, `**`, `&`. Patterns are few
; and parent-free on purpose: the C++ grammar is large and each pattern costs compile time.

; ---- functions: a plain name with a return type (constructors have none) --

(function_definition
  type: (_)
  declarator: [
    (function_declarator declarator: (identifier) @name)
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))
    (reference_declarator (function_declarator declarator: (identifier) @name))
  ]
  body: (compound_statement) @body) @definition.function

; ---- methods defined or declared in a class body ------------------------

(function_definition
  declarator: [
    (function_declarator declarator: [(field_identifier) (destructor_name) (operator_name)] @name)
    (pointer_declarator declarator: (function_declarator declarator: [(field_identifier) (destructor_name) (operator_name)] @name))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: [(field_identifier) (destructor_name) (operator_name)] @name)))
    (reference_declarator (function_declarator declarator: [(field_identifier) (destructor_name) (operator_name)] @name))
  ]
  body: (_)? @body) @definition.method

; declarations: the class's interface (out-of-line bodies are captured separately)
(field_declaration
  declarator: [
    (function_declarator declarator: [(field_identifier) (operator_name)] @name)
    (pointer_declarator declarator: (function_declarator declarator: [(field_identifier) (operator_name)] @name))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: [(field_identifier) (operator_name)] @name)))
    (reference_declarator (function_declarator declarator: [(field_identifier) (operator_name)] @name))
]) @definition.method

(field_declaration_list
  (declaration
    declarator: (function_declarator declarator: (destructor_name) @name)) @definition.method)

; constructors in the class body: a plain name and no return type (the member initializer list is
; part of the body: its calls belong to the constructor)
(field_declaration_list
  [
    (function_definition
      !type
      declarator: (function_declarator declarator: (identifier) @name)
      (field_initializer_list)? @body
      body: (_)? @body)
    (declaration
      !type
      declarator: (function_declarator declarator: (identifier) @name))
  ] @definition.constructor)

; ---- out-of-line members: Class::method, ns::Class::method, Class::Class --

(function_definition
  declarator: [
    (function_declarator declarator: [
        (qualified_identifier scope: [(namespace_identifier) @_scope (template_type name: (type_identifier) @_scope)] name: (identifier) @name)
        (qualified_identifier name: (qualified_identifier scope: [(namespace_identifier) @_scope (template_type name: (type_identifier) @_scope)] name: (identifier) @name))
        (qualified_identifier name: (qualified_identifier name: (qualified_identifier scope: [(namespace_identifier) @_scope (template_type name: (type_identifier) @_scope)] name: (identifier) @name)))
    ])
    (pointer_declarator declarator: (function_declarator declarator: [
          (qualified_identifier scope: [(namespace_identifier) @_scope (template_type name: (type_identifier) @_scope)] name: (identifier) @name)
          (qualified_identifier name: (qualified_identifier scope: [(namespace_identifier) @_scope (template_type name: (type_identifier) @_scope)] name: (identifier) @name))
          (qualified_identifier name: (qualified_identifier name: (qualified_identifier scope: [(namespace_identifier) @_scope (template_type name: (type_identifier) @_scope)] name: (identifier) @name)))
    ]))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: [
            (qualified_identifier scope: [(namespace_identifier) @_scope (template_type name: (type_identifier) @_scope)] name: (identifier) @name)
            (qualified_identifier name: (qualified_identifier scope: [(namespace_identifier) @_scope (template_type name: (type_identifier) @_scope)] name: (identifier) @name))
            (qualified_identifier name: (qualified_identifier name: (qualified_identifier scope: [(namespace_identifier) @_scope (template_type name: (type_identifier) @_scope)] name: (identifier) @name)))
    ])))
    (reference_declarator (function_declarator declarator: [
          (qualified_identifier scope: [(namespace_identifier) @_scope (template_type name: (type_identifier) @_scope)] name: (identifier) @name)
          (qualified_identifier name: (qualified_identifier scope: [(namespace_identifier) @_scope (template_type name: (type_identifier) @_scope)] name: (identifier) @name))
          (qualified_identifier name: (qualified_identifier name: (qualified_identifier scope: [(namespace_identifier) @_scope (template_type name: (type_identifier) @_scope)] name: (identifier) @name)))
    ]))
  ]
  body: (_) @body
  (#not-eq? @name @_scope)) @definition.method

(function_definition
  declarator: [
    (function_declarator declarator: [
        (qualified_identifier name: [(destructor_name) (operator_name)] @name)
        (qualified_identifier name: (qualified_identifier name: [(destructor_name) (operator_name)] @name))
    ])
    (pointer_declarator declarator: (function_declarator declarator: [
          (qualified_identifier name: [(destructor_name) (operator_name)] @name)
          (qualified_identifier name: (qualified_identifier name: [(destructor_name) (operator_name)] @name))
    ]))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: [
            (qualified_identifier name: [(destructor_name) (operator_name)] @name)
            (qualified_identifier name: (qualified_identifier name: [(destructor_name) (operator_name)] @name))
    ])))
    (reference_declarator (function_declarator declarator: [
          (qualified_identifier name: [(destructor_name) (operator_name)] @name)
          (qualified_identifier name: (qualified_identifier name: [(destructor_name) (operator_name)] @name))
    ]))
  ]
  body: (_) @body) @definition.method

(function_definition
  declarator: (function_declarator declarator: [
      (qualified_identifier scope: [(namespace_identifier) @_scope (template_type name: (type_identifier) @_scope)] name: (identifier) @name)
      (qualified_identifier name: (qualified_identifier scope: [(namespace_identifier) @_scope (template_type name: (type_identifier) @_scope)] name: (identifier) @name))
      (qualified_identifier name: (qualified_identifier name: (qualified_identifier scope: [(namespace_identifier) @_scope (template_type name: (type_identifier) @_scope)] name: (identifier) @name)))
  ])
  (field_initializer_list)? @body
  body: (_) @body
  (#eq? @name @_scope)) @definition.constructor

; ---- types ---------------------------------------------------------------

(class_specifier
  name: [
    (type_identifier) @name
    (qualified_identifier name: (type_identifier) @name)
    (qualified_identifier name: (qualified_identifier name: (type_identifier) @name))
    (template_type name: (type_identifier) @name)
    (qualified_identifier name: (template_type name: (type_identifier) @name))
  ]
  body: (field_declaration_list) @body) @definition.class

(struct_specifier
  name: [
    (type_identifier) @name
    (qualified_identifier name: (type_identifier) @name)
    (qualified_identifier name: (qualified_identifier name: (type_identifier) @name))
    (template_type name: (type_identifier) @name)
    (qualified_identifier name: (template_type name: (type_identifier) @name))
  ]
  body: (field_declaration_list) @body) @definition.struct

(union_specifier
  name: (type_identifier) @name
  body: (field_declaration_list) @body) @definition.struct

(enum_specifier
  name: (type_identifier) @name
  body: (enumerator_list) @body) @definition.enum

(namespace_definition
  name: [
    (namespace_identifier) @name
    (nested_namespace_specifier (namespace_identifier) @name .)
  ]
  body: (declaration_list) @body) @definition.namespace

;; `typedef struct { … } py_index;` (a C extension's object): the struct, named by its typedef
(type_definition
  type: (struct_specifier !name body: (field_declaration_list) @body)
  declarator: (type_identifier) @name) @definition.struct

(type_definition
  declarator: (type_identifier) @name) @definition.type

(alias_declaration
  name: (type_identifier) @name) @definition.type

(concept_definition
  name: (identifier) @name) @definition.type

(preproc_function_def
  name: (identifier) @name) @definition.macro

(preproc_def
  name: (identifier) @name
  value: (_)) @definition.macro

; ---- inheritance ---------------------------------------------------------

(base_class_clause
  [
    (type_identifier) @name
    (qualified_identifier name: (type_identifier) @name)
    (qualified_identifier name: (qualified_identifier name: (type_identifier) @name))
    (template_type name: (type_identifier) @name)
    (qualified_identifier name: (template_type name: (type_identifier) @name))
  ] @reference.inherit)

; ---- calls ---------------------------------------------------------------

(call_expression
  function: [
    (identifier) @name
    (template_function name: (identifier) @name)
]) @reference.call

; ns::f(), Class::static_fn(), Base::method(): the innermost scope is the receiver
(call_expression
  function: [
    (qualified_identifier scope: (_) @receiver name: [(identifier) @name (template_function name: (identifier) @name)])
    (qualified_identifier name: (qualified_identifier scope: (_) @receiver name: [(identifier) @name (template_function name: (identifier) @name)]))
    (qualified_identifier name: (qualified_identifier name: (qualified_identifier scope: (_) @receiver name: [(identifier) @name (template_function name: (identifier) @name)])))
]) @reference.call

; obj.m(), ptr->m(), this->m(), obj.template m<T>()
(call_expression
  function: (field_expression
    argument: (_) @receiver
    field: [
      (field_identifier) @name
      (template_method name: (field_identifier) @name)
      (dependent_name (template_method name: (field_identifier) @name))
])) @reference.call

;  `: Base(args)`, `: PyObjectPointer<>(it)`, `: _args(args)` in a member-initializer list: the base
; class's constructor, or that of the member's declared class (a member of a builtin or pointer type
; is no call: lang/cfamily/initializers.py drops it)
(field_initializer
  [(field_identifier) @name (template_method name: (field_identifier) @name)]
  (argument_list)) @reference.call

; new T(...): a constructor call
(new_expression
  type: [
    (type_identifier) @name
    (qualified_identifier name: (type_identifier) @name)
    (qualified_identifier name: (qualified_identifier name: (type_identifier) @name))
    (template_type name: (type_identifier) @name)
    (qualified_identifier name: (template_type name: (type_identifier) @name))
]) @reference.call

; `T x(args);`, `T x{args};`: a variable built by direct initialisation calls T's constructor
(declaration
  type: (type_identifier) @name @reference.call
  declarator: (init_declarator value: [(argument_list) (initializer_list)]))
(declaration
  type: (qualified_identifier name: (type_identifier) @name) @reference.call
  declarator: (init_declarator value: [(argument_list) (initializer_list)]))
; `T x(name);` in a body, which the grammar reads as a function's declaration (`name` a type)
(compound_statement
  (declaration
    type: [(type_identifier) @name @reference.call
           (qualified_identifier name: (type_identifier) @name) @reference.call]
    declarator: (function_declarator
      declarator: (identifier)
      parameters: (parameter_list . (parameter_declaration !declarator)))))

; ---- imports: #include "x.h" (@name without quotes) and <x.h> (brackets kept: no inner node) --

(preproc_include
  path: (string_literal (string_content) @name)) @reference.import

(preproc_include
  path: (system_lib_string) @name) @reference.import

; using-declarations bind their last name (`using a::b::C;` -> C, module `a::b::C`); a
; using-directive opens a namespace (`using namespace a::b;`: @symbol is the word `namespace`,
; read as a wildcard)
(using_declaration (qualified_identifier name: (identifier) @alias) @name) @reference.import
(using_declaration (qualified_identifier name: (qualified_identifier name: (identifier) @alias)) @name) @reference.import
(using_declaration (qualified_identifier name: (qualified_identifier name: (qualified_identifier name: (identifier) @alias))) @name) @reference.import
(using_declaration "namespace" @symbol [(identifier) (qualified_identifier)] @name) @reference.import

; Types named in parameters, fields, declarations, return types and template arguments (casts
; included): dependencies, not calls.
(parameter_declaration type: (_) @reference.type)
(field_declaration type: (_) @reference.type)
(declaration type: (_) @reference.type)
(function_definition type: (_) @reference.type)
(template_argument_list) @reference.type
