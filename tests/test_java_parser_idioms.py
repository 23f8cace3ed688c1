"""Java call sites in the shapes an HTML parser writes (jsoup's): a state machine as an enum whose
constants have bodies, each passing `this` (a value of the enum) to an overloaded `error`; an enum
that imports its own constants class's members (`import static ….TreeState.Constants.*`), which
hides no JDK type (`String` there is still java.lang.String, so `popStackToClose(name)` is the
fixed-arity overload, not the varargs one); and a connection whose nested classes are named through
the outer class (`HttpConnection.Request`, `extends HttpConnection.Base<…>`) from inside it, where
the outer class's constructor `HttpConnection()` shares the name. A call on an enum constant that
has a body (`JAVA7.newArrayType(t)`) binds to the enum's declaration, as javac does. A class named in
full (`org.acme.nodes.Document in`) where the file imports another `Document` (jsoup's W3CDom) types
its variable."""
from __future__ import annotations

import pytest
from langcases import indexed_workspace, reached

from graphmind.store import open_reader

TOKENISER = """package org.acme.parser;

import java.util.ArrayList;

final class Tokeniser {
    private final ArrayList<String> errors = new ArrayList<>();
    private final ArrayList<String> stack = new ArrayList<>();

    void error(TokeniserState state) {
        errors.add("Unexpected character in input state " + state);
    }

    void error(String errorMsg) {
        errors.add(errorMsg);
    }

    void error(String errorMsg, Object... args) {
        errors.add(String.format(errorMsg, args));
    }

    String popStackToClose(String elName) {
        stack.remove(elName);
        return elName;
    }

    void popStackToClose(String... elNames) {
        for (String name : elNames) {
            stack.remove(name);
        }
    }
}
"""
STATES = """package org.acme.parser;

enum TokeniserState {
    Data {
        void read(Tokeniser t, String r) {
            if (r.isEmpty()) {
                t.error(this);
            }
        }
    },
    TagOpen {
        void read(Tokeniser t, String r) {
            t.error("bad tag");
        }
    };

    abstract void read(Tokeniser t, String r);
}
"""
TREE = """package org.acme.parser;

import static org.acme.parser.TreeState.Constants.*;

enum TreeState {
    InBody {
        boolean process(Tokeniser tb, String t) {
            final String name = t.trim();
            switch (name) {
                case "li":
                    tb.popStackToClose(name);
                    break;
                default:
                    return inSorted(name, Headings);
            }
            return true;
        }
    };

    abstract boolean process(Tokeniser tb, String t);

    static boolean inSorted(String name, String[] names) {
        return java.util.Arrays.binarySearch(names, name) >= 0;
    }

    static final class Constants {
        static final String[] Headings = new String[]{"h1", "h2", "h3"};
    }
}
"""
CONNECTION = """package org.acme.net;

import java.net.URL;

public interface Connection {
    Connection url(URL url);

    interface Base<T extends Base<T>> {
        URL url();

        T url(URL url);

        boolean hasHeader(String name);
    }

    interface Request extends Base<Request> {
        int timeout();
    }
}
"""
HTTP = """package org.acme.helper;

import org.acme.net.Connection;

import java.net.URL;

public class HttpConnection implements Connection {
    private HttpConnection.Request req;

    public HttpConnection() {
        req = new Request();
    }

    public Connection url(URL url) {
        req.url(url);
        return this;
    }

    private static abstract class Base<T extends Connection.Base<T>> implements Connection.Base<T> {
        URL url;

        public URL url() {
            return url;
        }

        public T url(URL url) {
            this.url = url;
            return (T) this;
        }

        public boolean hasHeader(String name) {
            return name.isEmpty();
        }
    }

    public static class Request extends HttpConnection.Base<Connection.Request> implements Connection.Request {
        public int timeout() {
            return 0;
        }
    }

    static URL execute(HttpConnection.Request req) {
        if (req.hasHeader("Host")) {
            return req.url();
        }
        return null;
    }
}
"""
TYPES = """package org.acme.convert;

import java.lang.reflect.Type;

final class Types {
    enum JavaVersion {
        JAVA7 {
            @Override
            Type newArrayType(Type componentType) {
                return componentType;
            }
        },
        JAVA8 {
            @Override
            Type newArrayType(Type componentType) {
                return JAVA7.newArrayType(componentType);
            }
        };

        abstract Type newArrayType(Type componentType);

        String typeName(Type type) {
            return type.getTypeName();
        }
    }

    static String describe(Type type) {
        return JavaVersion.JAVA8.typeName(JavaVersion.JAVA8.newArrayType(type));
    }
}
"""
NODES = """package org.acme.nodes;

public class Document {
    public String location() {
        return "";
    }

    public Document ownerDocument() {
        return this;
    }
}
"""
W3C = """package org.acme.helper;

import org.w3c.dom.Document;

public class W3CDom {
    public String fromJsoup(org.acme.nodes.Document in, Document out) {
        org.acme.nodes.Document inDoc = in.ownerDocument();
        out.getDocumentElement();
        return inDoc.location();
    }
}
"""
FILES = {"src/org/acme/convert/Types.java": TYPES, "src/org/acme/nodes/Document.java": NODES,
         "src/org/acme/helper/W3CDom.java": W3C, "src/org/acme/parser/Tokeniser.java": TOKENISER, "src/org/acme/parser/TokeniserState.java": STATES,
         "src/org/acme/parser/TreeState.java": TREE, "src/org/acme/net/Connection.java": CONNECTION,
         "src/org/acme/helper/HttpConnection.java": HTTP}


@pytest.fixture(scope="module")
def parser(tmp_path_factory):
    conn = open_reader(indexed_workspace(tmp_path_factory.mktemp("parser"), FILES))
    yield conn
    conn.close()


def test_this_in_an_enum_constant_body_is_a_value_of_the_enum(parser):
    assert reached(parser, "org.acme.parser.TokeniserState.Data.read", "error") == [
        {("resolved", "org.acme.parser.Tokeniser.error", 9)}]
    assert reached(parser, "org.acme.parser.TokeniserState.TagOpen.read", "error") == [
        {("resolved", "org.acme.parser.Tokeniser.error", 13)}]


def test_a_static_wildcard_import_of_a_workspace_class_hides_no_jdk_type(parser):
    assert reached(parser, "org.acme.parser.TreeState.InBody.process", "popStackToClose") == [
        {("resolved", "org.acme.parser.Tokeniser.popStackToClose", 21)}]


def test_nested_classes_named_through_the_outer_class_that_has_a_constructor(parser):
    base = "org.acme.helper.HttpConnection.Base"
    assert reached(parser, "org.acme.helper.HttpConnection.url", "url") == [{("resolved", f"{base}.url", 26)}]
    assert reached(parser, "org.acme.helper.HttpConnection.execute", "hasHeader") == [
        {("resolved", f"{base}.hasHeader", 31)}]
    assert reached(parser, "org.acme.helper.HttpConnection.execute", "url") == [{("resolved", f"{base}.url", 22)}]


def test_a_call_on_an_enum_constant_with_a_body_binds_to_the_enums_method(parser):
    enum = "org.acme.convert.Types.JavaVersion"
    assert reached(parser, f"{enum}.JAVA8.newArrayType", "newArrayType") == [
        {("resolved", f"{enum}.newArrayType", 20)}]
    assert reached(parser, "org.acme.convert.Types.describe", "newArrayType") == [
        {("resolved", f"{enum}.newArrayType", 20)}]
    assert reached(parser, "org.acme.convert.Types.describe", "typeName") == [{("resolved", f"{enum}.typeName", 22)}]


def test_a_class_named_by_its_full_name_types_the_variable(parser):
    caller = "org.acme.helper.W3CDom.fromJsoup"
    assert reached(parser, caller, "ownerDocument") == [{("resolved", "org.acme.nodes.Document.ownerDocument", 8)}]
    assert reached(parser, caller, "location") == [{("resolved", "org.acme.nodes.Document.location", 4)}]
