// The TypeScript compiler's own answer for every method call (`a.b(…)`) of a project: the
// declaration the checker resolves the called name to. One JSON line per call site.
// Usage: node scripts/ts_oracle.js TYPESCRIPT_MODULE_DIR ROOT FILE...   (driven by scripts/score_ts_oracle.py)
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
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name;
      let sym = checker.getSymbolAtLocation(name);
      if (sym && sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
      const pos = sf.getLineAndCharacterOfPosition(name.getStart(sf));
      const out = { file: path.relative(root, sf.fileName), line: pos.line + 1, col: pos.character, name: name.text };
      // every declaration of the symbol: overload signatures and the implementation are one method
      out.targets = ((sym && sym.declarations) || []).map((decl) => {
        const dsf = decl.getSourceFile();
        const dpos = dsf.getLineAndCharacterOfPosition((decl.name || decl).getStart(dsf));
        return [path.relative(root, dsf.fileName), dpos.line + 1];
      });
      process.stdout.write(JSON.stringify(out) + "\n");
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}
