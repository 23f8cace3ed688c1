; C++ name bindings, for typed receivers (see queries/README.md, "Flow queries").

(parameter_list (parameter_declaration type: (_) @value declarator: [(identifier) @name (pointer_declarator declarator: (identifier) @name) (reference_declarator (identifier) @name) (pointer_declarator declarator: (reference_declarator (identifier) @name))])) @binding.annot
(declaration type: (_) @value declarator: [(identifier) @name (pointer_declarator declarator: (identifier) @name) (reference_declarator (identifier) @name) (array_declarator declarator: (identifier) @name) (init_declarator declarator: [(identifier) @name (pointer_declarator declarator: (identifier) @name) (reference_declarator (identifier) @name)])]) @binding.annot
(init_declarator declarator: [(identifier) @name (pointer_declarator declarator: (identifier) @name)] value: [(call_expression) (new_expression)] @value) @binding.assign
; `const auto& first = terms[0];`: an element (lang/cfamily/containers.py)
(init_declarator declarator: [(identifier) @name (reference_declarator (identifier) @name)] value: (subscript_expression) @value) @binding.assign
; `const T &x = …`, `const T *p`: the qualifier, under "~x" (which overload `x.m()` calls: resolve/sites.py)
(declaration (type_qualifier) @value declarator: [(identifier) @name (pointer_declarator declarator: (identifier) @name) (reference_declarator (identifier) @name) (init_declarator declarator: [(identifier) @name (pointer_declarator declarator: (identifier) @name) (reference_declarator (identifier) @name)])]) @binding.qualifier
(field_declaration type: (_) @value declarator: [(field_identifier) @name (pointer_declarator declarator: (field_identifier) @name) (reference_declarator (field_identifier) @name) (array_declarator declarator: (field_identifier) @name)]) @binding.annot
(field_declaration (type_qualifier) @value declarator: [(field_identifier) @name (pointer_declarator declarator: (field_identifier) @name) (reference_declarator (field_identifier) @name)]) @binding.qualifier
(function_definition type: (_) @value) @binding.returns
; `T* p;`, `T& r;` members: `*` / `&` under "~p" (their initializer `p(x)` constructs nothing: lang/cfamily/initializers.py)
(field_declaration declarator: [(pointer_declarator "*" @value declarator: (field_identifier) @name) (reference_declarator ["&" "&&"] @value (field_identifier) @name)]) @binding.qualifier
; a member declared in its class body (`Greenlet* operator->() const noexcept;`, defined out of line
; under a path the pairing may not read): what it gives
(field_declaration type: (_) @value declarator: [(function_declarator) (pointer_declarator declarator: (function_declarator)) (reference_declarator (function_declarator))]) @binding.returns
; `X x(args);` in a function body: tree-sitter reads it as a function declaration, C++ as an object
(compound_statement (declaration type: (_) @value declarator: (function_declarator declarator: (identifier) @name))) @binding.annot
; `typedef Key KeyType;`, `using KeyRef = Key;`: the alias bound to the type it names (lang/cfamily/hooks.find_type)
(type_definition type: (_) @value declarator: (type_identifier) @name) @binding.annot
(alias_declaration name: (type_identifier) @name type: (type_descriptor) @value) @binding.annot
; `auto j = 0`, `int64_t i = 0`: a number, for the overloads its name is passed to (lang/cfamily/cppargs.py)
(init_declarator declarator: (identifier) @name value: (number_literal) @value) @binding.assign
; `template <typename T> class Vector {…}`: the class's type parameters, so `Vector<Cache>`'s `operator[]`
; and `back()`, declared to give a `T &`, give a Cache (lang/cfamily/cpptypes.type_arguments)
(template_declaration parameters: (template_parameter_list) @value [(class_specifier body: (field_declaration_list) @body) (struct_specifier body: (field_declaration_list) @body)]) @binding.typeparams
; `#define GET_THREAD_STATE() g_thread_state_global`: a macro naming a variable gives what it holds
; (`GET_THREAD_STATE().state()` is a member of the variable's class)
((preproc_function_def value: (preproc_arg) @value (#match? @value "^\\s*[A-Za-z_]\\w*\\s*$")) @binding.return)
; `for (const auto& term : expr.terms())`: what an element of the range holds; `for (const Term& t : xs)`: its type
(for_range_loop type: (placeholder_type_specifier) declarator: [(identifier) @name (reference_declarator (identifier) @name) (pointer_declarator declarator: (identifier) @name)] right: (_) @value) @binding.element
(for_range_loop type: [(type_identifier) (qualified_identifier) (template_type)] @value declarator: [(identifier) @name (reference_declarator (identifier) @name) (pointer_declarator declarator: (identifier) @name)]) @binding.annot
