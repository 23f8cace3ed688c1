"""Java overloads chosen where the argument types come from elsewhere than the call's own text, in
the shapes of a codec/IO utility library: an argument that is the result of an overloaded method whose
overloads all return one type (`Hex.encodeHexString(md5(data))`), JDK types passed to overloads taking
other JDK types (`digest(File)` against `digest(InputStream)`, `closeQuietly(BufferedReader)` against
`closeQuietly(Reader)` and `closeQuietly(Closeable)`), a project class extending a JDK class, and
overloads inherited from an interface beside the class's own (`encoder.encode(Object)` is the base's
`encode(Object)`, not the sub-interface's `encode(String)`)."""
from __future__ import annotations

import pytest
from langcases import indexed_workspace, reached

from graphmind.store import open_reader

HEX = """package codec;

import java.nio.ByteBuffer;

public class Hex {
    public static String encodeHexString(final byte[] data) { return ""; }
    public static String encodeHexString(final ByteBuffer data) { return ""; }
}
"""
DIGESTS = """package codec;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;

public final class Digests {
    public static byte[] md5(final byte[] data) { return data; }
    public static byte[] md5(final InputStream data) throws IOException { return null; }
    public static byte[] md5(final String data) { return null; }

    public static byte[] digest(final byte[] data) { return data; }
    public static byte[] digest(final ByteBuffer data) { return null; }
    public static byte[] digest(final File data) throws IOException { return null; }
    public static byte[] digest(final InputStream data) throws IOException { return null; }

    public static String md5Hex(final byte[] data) {
        return Hex.encodeHexString(md5(data));
    }

    public static String md5Hex(final InputStream data) throws IOException {
        return Hex.encodeHexString(Digests.md5(data));
    }

    static void run(final File file, final InputStream in, final CountingStream counted) throws IOException {
        digest(file);
        digest(in);
        digest(counted);
    }
}
"""
COUNTING = """package codec;

import java.io.FilterInputStream;
import java.io.InputStream;

public class CountingStream extends FilterInputStream {
    protected CountingStream(final InputStream in) { super(in); }
}
"""
CLOSER = """package codec;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;

public class Closer {
    public static void closeQuietly(final Closeable closeable) { }
    public static void closeQuietly(final InputStream input) { }
    public static void closeQuietly(final OutputStream output) { }
    public static void closeQuietly(final Reader reader) { }

    void release(final BufferedReader lines, final OutputStream out, final Closeable any) {
        closeQuietly(lines);
        closeQuietly(out);
        closeQuietly(any);
    }

    public static boolean isEmpty(final int[] array) { return array.length == 0; }
    public static boolean isEmpty(final Object[] array) { return array.length == 0; }
    public static <T> boolean isNotEmpty(final T[] array) { return !isEmpty(array); }
    public static boolean isNotEmpty(final int[] array) { return !isEmpty(array); }

    static <T> boolean given(final CharSequence first, final CharSequence... rest) {
        return isEmpty(rest) && isNotEmpty(new int[] {1});
    }

    @SafeVarargs
    static <T> boolean all(final T... items) {
        return isNotEmpty(items);
    }
}
"""
ENCODER = "package codec;\n\npublic interface Encoder {\n    Object encode(Object source) throws Exception;\n}\n"
STRING_ENCODER = """package codec;

public interface StringEncoder extends Encoder {
    String encode(String source) throws Exception;
}
"""
COMPARATOR = """package codec;

import java.util.Comparator;

public class EncodedComparator implements Comparator<Object> {
    private final StringEncoder encoder;

    public EncodedComparator(final StringEncoder encoder) { this.encoder = encoder; }

    @Override
    public int compare(final Object o1, final Object o2) {
        try {
            final Object a = this.encoder.encode(o1);
            final String b = encoder.encode("fixed");
            return a.hashCode() - b.hashCode();
        } catch (final Exception e) {
            return 0;
        }
    }
}
"""
PHONE = """package codec;

public abstract class AbstractPhone implements StringEncoder {
    @Override
    public Object encode(final Object source) throws Exception {
        return this.encode((String) source);
    }

    public boolean isEncodeEqual(final String str1, final String str2) throws Exception {
        return this.encode(str1).equals(this.encode(str2));
    }
}
"""
JAVA = {"codec/Hex.java": HEX, "codec/Digests.java": DIGESTS, "codec/CountingStream.java": COUNTING,
        "codec/Closer.java": CLOSER, "codec/Encoder.java": ENCODER, "codec/StringEncoder.java": STRING_ENCODER,
        "codec/EncodedComparator.java": COMPARATOR, "codec/AbstractPhone.java": PHONE}


@pytest.fixture(scope="module")
def java(tmp_path_factory):
    conn = open_reader(indexed_workspace(tmp_path_factory.mktemp("codec"), JAVA))
    yield conn
    conn.close()


@pytest.mark.parametrize("caller", ["codec.Digests.md5Hex"])
def test_the_result_of_overloads_returning_one_type_types_the_argument(java, caller):
    assert reached(java, caller, "encodeHexString") == [{("resolved", "codec.Hex.encodeHexString", 6)}] * 2


def test_jdk_types_pass_only_to_their_supertypes(java):
    """File is not an InputStream or a ByteBuffer; a FilterInputStream subclass is an InputStream."""
    assert reached(java, "codec.Digests.run", "digest") == [
        {("resolved", "codec.Digests.digest", 15)}, {("resolved", "codec.Digests.digest", 16)},
        {("resolved", "codec.Digests.digest", 16)}]


def test_the_most_specific_jdk_supertype_is_chosen(java):
    """A BufferedReader fits Reader and Closeable: Reader is the more specific; a Closeable only fits
    closeQuietly(Closeable)."""
    assert reached(java, "codec.Closer.release", "closeQuietly") == [
        {("resolved", "codec.Closer.closeQuietly", 13)}, {("resolved", "codec.Closer.closeQuietly", 12)},
        {("resolved", "codec.Closer.closeQuietly", 10)}]


def test_varargs_parameters_are_arrays_and_an_array_of_a_type_parameter_holds_references(java):
    """`CharSequence... rest` is a CharSequence[] (an Object[], not an int[]); `T... items` an array of
    references: isNotEmpty(T[]), not isNotEmpty(int[])."""
    assert reached(java, "codec.Closer.given", "isEmpty") == [{("resolved", "codec.Closer.isEmpty", 22)}]
    assert reached(java, "codec.Closer.all", "isNotEmpty") == [{("resolved", "codec.Closer.isNotEmpty", 23)}]


def test_overloads_inherited_from_an_interface_are_chosen_by_the_arguments(java):
    """`encoder.encode(o1)` with an Object is Encoder's encode(Object); with a String, the
    sub-interface's encode(String)."""
    rows = reached(java, "codec.EncodedComparator.compare", "encode")
    assert [{q for _, q, line in r} for r in rows] == [{"codec.Encoder.encode"}, {"codec.StringEncoder.encode"}]


def test_a_cast_on_this_reaches_the_interface_overload_not_the_class_own(java):
    """`this.encode((String) source)` in an abstract class declaring only encode(Object): the interface's
    encode(String) (an abstract class need not implement it)."""
    rows = reached(java, "codec.AbstractPhone.encode", "encode")
    assert [{q for _, q, line in r} for r in rows] == [{"codec.StringEncoder.encode"}]
    rows = reached(java, "codec.AbstractPhone.isEncodeEqual", "encode")
    assert [{q for _, q, line in r} for r in rows] == [{"codec.StringEncoder.encode"}]
