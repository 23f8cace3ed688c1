// The Go type checker's own answer (go/types) for every call of a package: the declaration each
// called name resolves to. One JSON line per call site; by default calls on a receiver or package
// (`x.M()`, `pkg.F()`), with ORACLE_ALL=1 plain calls (`f()`) too.
// Usage: go run scripts/go_oracle.go ROOT FILE...   (the files of one package; driven by
// scripts/score_go_oracle.py). ORACLE_PKG names the package's import path (default "corpus": standard-
// library imports only); in a GOPATH laid out by the scorer its imports of other packages of the
// module are checked from their sources. A target outside ROOT is ["..", 0].
package main

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
)

type site struct {
	File    string          `json:"file"`
	Line    int             `json:"line"`
	Col     int             `json:"col"`
	Name    string          `json:"name"`
	Targets [][]interface{} `json:"targets"`
}

func main() {
	root, _ := filepath.Abs(os.Args[1])
	all := os.Getenv("ORACLE_ALL") == "1"
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range os.Args[2:] {
		f, err := parser.ParseFile(fset, filepath.Join(root, name), nil, 0)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		files = append(files, f)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil), Error: func(error) {}}
	pkg := os.Getenv("ORACLE_PKG")
	if pkg == "" {
		pkg = "corpus"
	}
	conf.Check(pkg, fset, files, info)
	out := json.NewEncoder(os.Stdout)
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			var id *ast.Ident
			switch fn := call.Fun.(type) {
			case *ast.SelectorExpr:
				id = fn.Sel
			case *ast.Ident:
				if all {
					id = fn
				}
			}
			if id == nil {
				return true
			}
			obj := info.Uses[id]
			if _, isFunc := obj.(*types.Func); !isFunc {
				return true // a conversion, a builtin, a function-typed variable or field
			}
			at := fset.Position(id.Pos())
			rel, _ := filepath.Rel(root, at.Filename)
			s := site{File: rel, Line: at.Line, Col: at.Column - 1, Name: id.Name, Targets: [][]interface{}{}}
			decl := fset.Position(obj.Pos())
			drel, _ := filepath.Rel(root, decl.Filename)
			if obj.Pkg() != nil && decl.IsValid() && !strings.HasPrefix(drel, "..") {
				s.Targets = append(s.Targets, []interface{}{drel, decl.Line})
			} else {
				s.Targets = append(s.Targets, []interface{}{"..", 0})
			}
			out.Encode(s)
			return true
		})
	}
}
