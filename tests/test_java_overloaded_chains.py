"""Java chains through overloaded methods, as jsoup writes them (measured against javac by
scripts/score_java_oracle.py): a getter and a setter sharing a name (`outputSettings()` returns the
settings, `outputSettings(OutputSettings)` returns the document), so `doc.outputSettings().charset(c)`
is the settings' `charset`, picked by the argument count of the call in the chain, whichever overload
is declared last. And a builder chain longer than a call text's limit (jsoup's `Safelist.relaxed()`):
the links before the method keep their argument counts, so every link still reaches its method.
A local declared again in a later block with another type (joda-convert's `that`) has that block's
type there; an annotation type's element (`Class<?> factory();`) is a method its users call; a generic
method returning its type parameter (commons-io's `<T extends FileVisitor> T visitFileTree(T visitor,
Path dir)`) returns what the argument of that type holds."""
from __future__ import annotations

from flowcases import call_rows

from graphmind.index.indexer import index_workspace
from graphmind.store import open_reader

DOCUMENT = """package org.acme.nodes;

import java.nio.charset.Charset;

public class Document {
    private OutputSettings outputSettings = new OutputSettings();

    public Charset charset() {
        return outputSettings.charset();
    }

    public void charset(Charset charset) {
        outputSettings.charset(charset);
    }

    public OutputSettings outputSettings() {
        return outputSettings;
    }

    public Document outputSettings(OutputSettings outputSettings) {
        this.outputSettings = outputSettings;
        return this;
    }

    public static class OutputSettings {
        private Charset charset;

        public Charset charset() {
            return charset;
        }

        public OutputSettings charset(Charset charset) {
            this.charset = charset;
            return this;
        }

        public OutputSettings charset(String charset) {
            return charset(Charset.forName(charset));
        }

        public String syntax() {
            return "html";
        }
    }
}
"""
USER = """package org.acme.helper;

import java.nio.charset.Charset;
import org.acme.nodes.Document;

final class DataUtil {
    static void parse(Document doc, Charset charset) {
        doc.outputSettings().charset(charset);
        String syntax = doc.outputSettings().syntax();
    }
}
"""
SAFELIST = """package org.acme.safety;

public class Safelist {
    public Safelist() {}

    public static Safelist relaxed() {
        return new Safelist()
                .addTags("a", "b", "blockquote", "br", "caption", "cite", "code", "col", "colgroup", "dd", "div")
                .addAttributes("a", "href", "title")
                .addAttributes("blockquote", "cite")
                .addAttributes("col", "span", "width")
                .addAttributes("img", "align", "alt", "height", "src", "title", "width")
                .addProtocols("a", "href", "ftp", "http", "https", "mailto")
                .addProtocols("blockquote", "cite", "http", "https")
                .addProtocols("cite", "cite", "http", "https");
    }

    public Safelist addTags(String... tags) {
        return this;
    }

    public Safelist addAttributes(String tag, String... attributes) {
        return this;
    }

    public Safelist addProtocols(String tag, String attribute, String... protocols) {
        return this;
    }
}
"""


def test_a_chain_through_an_overloaded_getter_takes_the_overload_its_arguments_fit(tmp_path):
    (tmp_path / "Document.java").write_text(DOCUMENT)
    (tmp_path / "DataUtil.java").write_text(USER)
    index_workspace(tmp_path)
    conn = open_reader(tmp_path)
    caller = "org.acme.helper.DataUtil.parse"
    charset = {(how, t) for how, t, _ in call_rows(conn, caller, "doc.outputSettings().charset")}
    assert charset == {("inferred", "org.acme.nodes.Document.OutputSettings.charset")}
    syntax = {(how, t) for how, t, _ in call_rows(conn, caller, "doc.outputSettings().syntax")}
    assert syntax == {("inferred", "org.acme.nodes.Document.OutputSettings.syntax")}


def test_every_link_of_a_builder_chain_longer_than_a_call_text_reaches_its_method(tmp_path):
    (tmp_path / "Safelist.java").write_text(SAFELIST)
    index_workspace(tmp_path)
    conn = open_reader(tmp_path)
    rows = list(conn.execute(
        "SELECT c.name, c.resolution, t.qualname FROM calls c JOIN symbols s ON s.id = c.caller_id"
        " LEFT JOIN symbols t ON t.id = c.target_id WHERE s.qualname = 'org.acme.safety.Safelist.relaxed'"
        " AND c.name LIKE 'add%' AND c.implicit = 0"))
    assert len(rows) == 8
    assert {(how, t) for _, how, t in rows} == {
        ("inferred", f"org.acme.safety.Safelist.{name}") for name in ("addTags", "addAttributes", "addProtocols")}


TYPES = """package org.acme.convert;

import java.lang.reflect.GenericDeclaration;
import java.lang.reflect.TypeVariable;

final class TypeVariableImpl<D extends GenericDeclaration> {
    private final D genericDeclaration;
    private final String name;

    TypeVariableImpl(D genericDeclaration, String name) {
        this.genericDeclaration = genericDeclaration;
        this.name = name;
    }

    public D getGenericDeclaration() {
        return genericDeclaration;
    }

    public String getName() {
        return name;
    }

    @Override
    public boolean equals(Object obj) {
        if (obj instanceof TypeVariableImpl) {
            TypeVariableImpl<?> that = (TypeVariableImpl<?>) obj;
            return name.equals(that.getName()) && genericDeclaration.equals(that.getGenericDeclaration());
        } else {
            if (obj instanceof TypeVariable) {
                TypeVariable<?> that = (TypeVariable<?>) obj;
                return name.equals(that.getName()) && genericDeclaration.equals(that.getGenericDeclaration());
            }
            return false;
        }
    }
}
"""


def test_a_local_declared_again_in_a_later_block_has_that_blocks_type(tmp_path):
    (tmp_path / "TypeVariableImpl.java").write_text(TYPES)
    index_workspace(tmp_path)
    conn = open_reader(tmp_path)
    rows = {(line, how, t) for line, how, t in conn.execute(
        "SELECT c.line, c.resolution, t.qualname FROM calls c JOIN symbols s ON s.id = c.caller_id"
        " LEFT JOIN symbols t ON t.id = c.target_id WHERE s.qualname = 'org.acme.convert.TypeVariableImpl.equals'"
        " AND c.callee = 'that.getName' AND c.implicit = 0")}
    assert rows == {(27, "inferred", "org.acme.convert.TypeVariableImpl.getName"), (31, "external", None)}


def test_an_annotation_types_element_is_a_method_its_users_call(tmp_path):
    (tmp_path / "FromStringFactory.java").write_text("""package org.acme.convert;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
public @interface FromStringFactory {
    Class<?> factory();
}
""")
    (tmp_path / "Factories.java").write_text("""package org.acme.convert;

final class Factories {
    static String find(Class<?> cls) {
        FromStringFactory factory = cls.getAnnotation(FromStringFactory.class);
        return factory.factory().getName();
    }
}
""")
    index_workspace(tmp_path)
    conn = open_reader(tmp_path)
    rows = {(how, t) for how, t, _ in call_rows(conn, "org.acme.convert.Factories.find", "factory.factory")}
    assert rows == {("inferred", "org.acme.convert.FromStringFactory.factory")}


def test_a_generic_methods_result_is_what_its_argument_of_that_type_holds(tmp_path):
    (tmp_path / "CountingPathVisitor.java").write_text("""package org.acme.file;

import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;

public class CountingPathVisitor extends SimpleFileVisitor<Path> {
    public long getPathCounters() {
        return 0;
    }
}
""")
    (tmp_path / "PathUtils.java").write_text("""package org.acme.file;

import java.io.IOException;
import java.net.URI;
import java.nio.file.FileVisitor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

public final class PathUtils {
    public static long countDirectory(final Path directory) throws IOException {
        return visitFileTree(new CountingPathVisitor(), directory).getPathCounters();
    }

    public static <T extends FileVisitor<? super Path>> T visitFileTree(final T visitor, final Path directory)
        throws IOException {
        Files.walkFileTree(directory, visitor);
        return visitor;
    }

    public static <T extends FileVisitor<? super Path>> T visitFileTree(final T visitor, final URI uri)
        throws IOException {
        return visitFileTree(visitor, Paths.get(uri));
    }
}
""")
    index_workspace(tmp_path)
    conn = open_reader(tmp_path)
    rows = {(how, t) for how, t, _ in call_rows(conn, "org.acme.file.PathUtils.countDirectory",
                                                 "visitFileTree(new CountingPathVisitor(), directory).getPathCounters")}
    assert rows == {("inferred", "org.acme.file.CountingPathVisitor.getPathCounters")}
