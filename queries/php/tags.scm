; PHP tags for graphmind. Vocabulary: queries/README.md.

; ---- definitions -------------------------------------------------------

(function_definition
  name: (name) @name
  body: (compound_statement) @body) @definition.function

((method_declaration
  name: (name) @name
  body: (compound_statement)? @body) @definition.constructor
 (#eq? @name "__construct"))

((method_declaration
  name: (name) @name
  body: (compound_statement)? @body) @definition.method
 (#not-eq? @name "__construct"))

(class_declaration
  name: (name) @name
  body: (declaration_list) @body) @definition.class

(interface_declaration
  name: (name) @name
  body: (declaration_list) @body) @definition.interface

(trait_declaration
  name: (name) @name
  body: (declaration_list) @body) @definition.trait

(enum_declaration
  name: (name) @name
  body: (enum_declaration_list) @body) @definition.enum

; `namespace A\B { }`; the `namespace A\B;` form encloses nothing in the tree
(namespace_definition
  name: (namespace_name (name) @name .)
  body: (compound_statement)? @body) @definition.namespace

; ---- inheritance: extends, implements, `use Trait;` in a class ---------

(base_clause
  [
    (name) @name
    (qualified_name (name) @name .)
  ] @reference.inherit)

(class_interface_clause
  [
    (name) @name
    (qualified_name (name) @name .)
  ] @reference.inherit)

(declaration_list
  (use_declaration
    [
      (name) @name
      (qualified_name (name) @name .)
    ] @reference.inherit))

; ---- calls -------------------------------------------------------------

(function_call_expression
  function: [
    (name) @name
    (qualified_name (name) @name .)
  ]) @reference.call

; $obj->m(), $this->m(), $obj?->m()
(member_call_expression
  object: (_) @receiver
  name: (name) @name) @reference.call

(nullsafe_member_call_expression
  object: (_) @receiver
  name: (name) @name) @reference.call

; Foo::bar(), self::make(), parent::__construct()
(scoped_call_expression
  scope: (_) @receiver
  name: (name) @name) @reference.call

; new Foo(), new \App\Foo()  (not `new static` / `new self`)
((object_creation_expression
  [
    (name) @name
    (qualified_name (name) @name .)
  ]) @reference.call
 (#not-match? @name "^(static|self|parent)$"))

; ---- imports -----------------------------------------------------------

; use App\Models\User;  use App\Models\User as U;  use function App\fmt;
(namespace_use_clause
  (qualified_name
    prefix: (namespace_name) @name
    (name) @symbol .)
  alias: (name)? @alias) @reference.import

; use Foo;
(namespace_use_declaration
  (namespace_use_clause
    .
    (name) @name
    alias: (name)? @alias) @reference.import)

; use App\{A, B as C};
(namespace_use_declaration
  (namespace_name) @name
  body: (namespace_use_group
    (namespace_use_clause
      .
      (name) @symbol
      alias: (name)? @alias) @reference.import))

; require 'x.php'; include_once __DIR__ . '/x.php';  (@name is the literal part)
(require_expression
  [
    (string (string_content) @name)
    (encapsed_string (string_content) @name)
    (binary_expression right: [
      (string (string_content) @name)
      (encapsed_string (string_content) @name)])
  ]) @reference.import

(require_once_expression
  [
    (string (string_content) @name)
    (encapsed_string (string_content) @name)
    (binary_expression right: [
      (string (string_content) @name)
      (encapsed_string (string_content) @name)])
  ]) @reference.import

(include_expression
  [
    (string (string_content) @name)
    (encapsed_string (string_content) @name)
    (binary_expression right: [
      (string (string_content) @name)
      (encapsed_string (string_content) @name)])
  ]) @reference.import

(include_once_expression
  [
    (string (string_content) @name)
    (encapsed_string (string_content) @name)
    (binary_expression right: [
      (string (string_content) @name)
      (encapsed_string (string_content) @name)])
  ]) @reference.import
