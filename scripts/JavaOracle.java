// The Java compiler's own answer for every method call on a receiver (`a.b(…)`) of a project: the
// declaration javac's attribution resolves the called name to. One JSON line per call site.
// Usage: java scripts/JavaOracle.java ROOT FILE...   (driven by scripts/score_java_oracle.py; JDK 17+)
// A target outside the given files (the JDK, a library) is written as ["..", 0]. With ORACLE_ALL=1 in
// the environment: every call (`f()` too) and every `new X(…)` (its constructor, or the class when it
// declares none).
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.LineMap;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Element;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

public class JavaOracle {
    public static void main(String[] args) throws Exception {
        Path root = Paths.get(args[0]).toAbsolutePath().normalize();
        List<String> files = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            files.add(root.resolve(args[i]).toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StandardJavaFileManager fm = javac.getStandardFileManager(null, null, null);
        Iterable<? extends JavaFileObject> units = fm.getJavaFileObjectsFromStrings(files);
        JavacTask task = (JavacTask) javac.getTask(null, fm, d -> { }, List.of("-proc:none", "-nowarn"), null, units);
        Iterable<? extends CompilationUnitTree> trees = task.parse();
        task.analyze();
        Trees t = Trees.instance(task);
        SourcePositions pos = t.getSourcePositions();
        StringBuilder out = new StringBuilder();
        for (CompilationUnitTree cu : trees) {
            String file = root.relativize(Paths.get(cu.getSourceFile().toUri())).toString();
            LineMap lines = cu.getLineMap();
            new TreePathScanner<Void, Void>() {
                final boolean all = "1".equals(System.getenv("ORACLE_ALL"));

                void site(Tree callee, String name, Element el) {
                    long end = pos.getEndPosition(cu, callee);
                    if (end < 0) {
                        return;                           // a call javac wrote (the implicit `super()`)
                    }
                    long start = end - name.length();
                    long line = lines.getLineNumber(start);
                    long col = start - lines.getStartPosition(line);
                    out.append("{\"file\": \"").append(file).append("\", \"line\": ").append(line)
                       .append(", \"col\": ").append(col).append(", \"name\": \"").append(name)
                       .append("\", \"targets\": [").append(target(t, pos, root, el)).append("]}\n");
                }

                @Override
                public Void visitMethodInvocation(MethodInvocationTree node, Void v) {
                    Tree sel = node.getMethodSelect();
                    if (sel instanceof MemberSelectTree) {
                        MemberSelectTree ms = (MemberSelectTree) sel;
                        site(ms, ms.getIdentifier().toString(), t.getElement(new TreePath(getCurrentPath(), ms)));
                    } else if (all && sel instanceof com.sun.source.tree.IdentifierTree) {
                        String name = ((com.sun.source.tree.IdentifierTree) sel).getName().toString();
                        site(sel, name, t.getElement(new TreePath(getCurrentPath(), sel)));
                    }
                    return super.visitMethodInvocation(node, v);
                }

                @Override
                public Void visitNewClass(NewClassTree node, Void v) {
                    if (all && node.getClassBody() == null) {
                        Tree id = node.getIdentifier();
                        String name = id.toString().replaceAll("<.*>$", "").replaceAll(".*\\.", "");
                        Element ctor = t.getElement(getCurrentPath());
                        TreePath declared = ctor != null ? t.getPath(ctor) : null;
                        Element el = declared != null || ctor == null ? ctor : ctor.getEnclosingElement();
                        site(id, name, el);
                    }
                    return super.visitNewClass(node, v);
                }
            }.scan(cu, null);
        }
        System.out.print(out);
    }

    // The declaration as [file, line] (the line of its body's `{`, or of its end for an abstract
    // method: where the signature is, not an annotation above it); ["..", 0] outside the project.
    static String target(Trees t, SourcePositions pos, Path root, Element el) {
        if (el == null) {
            return "";
        }
        TreePath path = t.getPath(el);
        if (path == null) {
            return "[\"..\", 0]";
        }
        CompilationUnitTree cu = path.getCompilationUnit();
        Tree leaf = path.getLeaf();
        long at = pos.getEndPosition(cu, leaf);
        if (leaf instanceof MethodTree && ((MethodTree) leaf).getBody() != null) {
            at = pos.getStartPosition(cu, ((MethodTree) leaf).getBody());
        }
        String file = root.relativize(Paths.get(cu.getSourceFile().toUri())).toString();
        return "[\"" + file + "\", " + cu.getLineMap().getLineNumber(at) + "]";
    }
}
