// The TypeScript compiler's own answer for every method call (`a.b(…)`) of a project: the
// declaration the checker resolves the called name to (and, for a property of an object literal holding a name, that
// name's declaration). One JSON line per call site.
// Usage: node scripts/ts_oracle.js TYPESCRIPT_MODULE_DIR ROOT FILE...   (driven by scripts/score_ts_oracle.py)
// With ORACLE_ALL=1 in the environment: every call (`f()`, `a.b()`) and `new X()` too, with the
// declaration of the signature the checker picked (a constructor for `new`) under `signature`.
"use strict";
const path = require("path");
const ts = require(process.argv[2]);
const root = path.resolve(process.argv[3]);
const files = process.argv.slice(4).map((f) => path.resolve(root, f));
const program = ts.createProgram(files, {
  target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10,
  strict: true, noEmit: true, skipLibCheck: true, allowJs: true, lib: ["lib.es2020.d.ts", "lib.dom.d.ts"],
});
const checker = program.getTypeChecker();
const wanted = new Set(files);
for (const sf of program.getSourceFiles()) {
  if (!wanted.has(path.resolve(sf.fileName))) continue;
  const where = (decl) => {
    const dsf = decl.getSourceFile();
    const dpos = dsf.getLineAndCharacterOfPosition((decl.name || decl).getStart(dsf));
    return [path.relative(root, dsf.fileName), dpos.line + 1];
  };
  // A property of an object literal that holds a name (`return { getOrCreate }`, `toResult: processor.toResult`): the
  // checker names the property; what the call runs is that name's declaration, named as well.
  const held = (decls) => decls.concat(...decls.map((d) => {
    const value = ts.isShorthandPropertyAssignment(d) ? checker.getShorthandAssignmentValueSymbol(d)
      : ts.isPropertyAssignment(d) && (ts.isIdentifier(d.initializer) || ts.isPropertyAccessExpression(d.initializer))
        ? checker.getSymbolAtLocation(ts.isIdentifier(d.initializer) ? d.initializer : d.initializer.name) : undefined;
    const sym = value && value.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(value) : value;
    return ((sym && sym.declarations) || []).filter((v) => !decls.includes(v));
  }));
  const visit = (node) => {
    const all = process.env.ORACLE_ALL === "1";
    const callee = (ts.isCallExpression(node) || ts.isNewExpression(node)) ? node.expression : null;
    const named = callee && (ts.isPropertyAccessExpression(callee) ? callee.name : ts.isIdentifier(callee) ? callee : null);
    if (all && named && !(ts.isCallExpression(node) && ts.isPropertyAccessExpression(callee))) {
      let sym = checker.getSymbolAtLocation(named);
      if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
      const pos = sf.getLineAndCharacterOfPosition(named.getStart(sf));
      const sig = checker.getResolvedSignature(node);
      process.stdout.write(JSON.stringify({ file: path.relative(root, sf.fileName), line: pos.line + 1, col: pos.character,
        name: named.text, new: ts.isNewExpression(node), targets: ((sym && sym.declarations) || []).map(where),
        signature: sig && sig.declaration ? where(sig.declaration) : null }) + "\n");
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name;
      let sym = checker.getSymbolAtLocation(name);
      if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
      const pos = sf.getLineAndCharacterOfPosition(name.getStart(sf));
      const out = { file: path.relative(root, sf.fileName), line: pos.line + 1, col: pos.character, name: name.text };
      // every declaration of the symbol: overload signatures and the implementation are one method
      out.targets = held((sym && sym.declarations) || []).map(where);
      if (all) {
        const sig = checker.getResolvedSignature(node);
        out.signature = sig && sig.declaration ? where(sig.declaration) : null;
      }
      process.stdout.write(JSON.stringify(out) + "\n");
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}
