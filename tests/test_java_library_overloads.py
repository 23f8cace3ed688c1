"""Java call sites of a utility library (the shapes commons-lang3 writes) bound as javac binds them:
a style class nested in its abstract base, which has a constructor of the base's name (the base, not
the constructor, is what `extends Style` names), `Outer.this.m()` from an inner class whose own base
has an `m` too, varargs parameters passed on as arrays, varargs overloads ranked after fixed-arity ones,
bounded type parameters read as their bound (`<T extends CharSequence> T notEmpty(T chars, …)`), and
JDK method results as arguments (`Boolean.valueOf(b)`, `method.getName()`, `field.get(o)`,
`x.toString()`), a generic class's own getters (`getLeft()` in Pair<L, R> is an L, passed as its bound;
on `Pair<String, Integer> p`, a String), explicit type arguments (`Closures.<E>nopClosure()`), elements of
arrays and varargs (`iPredicates[i].evaluate(x)`), a chain on `super.nextEntry()` in a class extending a
nested class that has a constructor, and an overload a base declares beside the class's own. A site the
argument types cannot tell apart stays `possible`."""
from __future__ import annotations

import pytest
from langcases import indexed_workspace, reached

from graphmind.store import open_reader

STYLE = """package lang.builder;

import java.io.Serializable;

public abstract class Style implements Serializable {
    private boolean useFieldNames = true;

    protected Style() {
    }

    protected void setUseFieldNames(final boolean useFieldNames) {
        this.useFieldNames = useFieldNames;
    }

    public void append(final StringBuffer buffer, final String fieldName, final int[] array, final Boolean fullDetail) {
        buffer.append(fieldName);
    }

    public void append(final StringBuffer buffer, final String fieldName, final long[] array, final Boolean fullDetail) {
        buffer.append(fieldName);
    }

    private static final class NoFieldNameStyle extends Style {
        NoFieldNameStyle() {
            this.setUseFieldNames(false);
        }

        @Override
        public void append(final StringBuffer buffer, final String fieldName, final long[] array, final Boolean fullDetail) {
            super.append(buffer, fieldName, array, fullDetail);
        }
    }
}
"""
BUILDER = """package lang.text;

public class TextBuilder {
    public int size() { return 0; }
    public TextBuilder append(final char ch) { return this; }
    public TextBuilder append(final String str) { return this; }
    public TextBuilder append(final Object obj) { return this; }

    static class Tokenizer {
        int size() { return 1; }
    }

    class BuilderTokenizer extends Tokenizer {
        int read(final char c) {
            TextBuilder.this.append(c);
            return TextBuilder.this.size() + size();
        }
    }
}
"""
CHECKS = """package lang;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Collection;

public final class Checks {
    public static <T> T[] notEmpty(final T[] array, final String message, final Object... values) { return array; }
    public static <T extends Collection<?>> T notEmpty(final T collection, final String message, final Object... values) { return collection; }
    public static <T extends CharSequence> T notEmpty(final T chars, final String message, final Object... values) { return chars; }
    public static <T> T[] noNullElements(final T[] array) { return array; }
    public static <T extends Iterable<?>> T noNullElements(final T iterable) { return iterable; }

    public static void isTrue(final boolean expression, final String message, final long value) { }
    public static void isTrue(final boolean expression, final String message, final double value) { }
    public static void isTrue(final boolean expression, final String message, final Object... values) { }

    public static boolean isEmpty(final boolean[] array) { return array.length == 0; }
    public static boolean isEmpty(final long[] array) { return array.length == 0; }
    public static boolean isEmpty(final Object[] array) { return array.length == 0; }

    public static boolean[] toPrimitive(final Boolean[] array) { return null; }
    public static long[] toPrimitive(final Long[] array) { return null; }

    public static void describe(final String name, final Object value) { }
    public static void describe(final String name, final boolean value) { }
    public static void describe(final Object lhs, final Object rhs) { }
    public static void flag(final String name, final Boolean value) { }
    public static void flag(final String name, final long value) { }

    static char toChar(final String str) {
        notEmpty(str, "The String must not be empty");
        return str.charAt(0);
    }

    @SafeVarargs
    static <T> T first(final T... items) {
        notEmpty(items, "null/empty items");
        noNullElements(items);
        return items[0];
    }

    static boolean[] insert(final int index, final boolean... values) {
        if (isEmpty(values)) {
            return values;
        }
        return toPrimitive(new Boolean[] {Boolean.TRUE});
    }

    static boolean and(final Boolean... array) {
        return toPrimitive(array)[0];
    }

    static void reflect(final Method method, final Field field, final Object target, final boolean fullDetail) throws Exception {
        describe(method.getName(), method.invoke(target));
        describe(field.get(target), field.get(target));
        describe(target.toString(), target);
        flag("full", Boolean.valueOf(fullDetail));
        isTrue(method.isVarArgs(), "%s is not varargs", method.getName());
    }
}
"""
PAIR = """package lang.tuple;

public class Pair<L, R extends Number> {
    private L left;
    private R right;

    public L getLeft() { return left; }
    public R getRight() { return right; }

    static void show(final Object a, final Object b) { }
    static void show(final String a, final Object b) { }
    static void show(final Object a, final Number b) { }
    static void count(final Number n) { }
    static void count(final String s) { }

    int compareTo(final Pair<L, R> other, final Pair<String, Integer> named) {
        show(getLeft(), other.getLeft());
        count(this.getRight());
        show(named.getLeft(), named.getLeft());
        return 0;
    }
}
"""
OPENER = """package lang.io;

import org.acme.io.Path;

public final class Opener {
    static void open(final Iterable<?> parts) { }
    static void open(final Object any) { }

    static void run(final Path own, final java.nio.file.Path jdk) {
        open(own);
        open(jdk);
    }
}
"""
CLOSURES = """package lang.functors;

public final class Closures<E> {
    public interface Predicate<T> { boolean evaluate(T object); }

    public static <E> Closures<E> nopClosure() { return new Closures<E>(); }
    public static <E> Closures<E> nopClosure(final E input) { return new Closures<E>(); }
    public void execute(final E input) { }

    private final Predicate<? super E>[] iPredicates = null;

    static <E> Closures<E> chained() {
        Closures.<E>nopClosure().execute(null);
        return Closures.<E>nopClosure();
    }

    boolean any(final E input, final Predicate<? super E>... more) {
        return iPredicates[0].evaluate(input) || more[0].evaluate(input);
    }
}
"""
HASHED = """package lang.map;

public abstract class HashedMap<K, V> {
    public V get(final Object key) { return null; }

    protected static class HashEntry<K, V> {
        public K getKey() { return null; }
    }

    protected abstract static class HashIterator<K, V> {
        protected HashIterator() { }
        protected HashEntry<K, V> nextEntry() { return null; }
    }

    protected static class KeyIterator<K, V> extends HashIterator<K, V> {
        public K next() {
            return super.nextEntry().getKey();
        }
    }
}
"""
ORDERED = """package lang.map;

public class OrderedMap<K, V> extends HashedMap<K, V> {
    public V get(final int index) { return null; }

    V find(final OrderedMap<K, V> parent, final Object key, final int at, final java.util.List<K> keys) {
        parent.get(key);
        parent.get(at);
        return parent.get(keys.get(0));
    }
}
"""
FILES = {"lang/functors/Closures.java": CLOSURES, "lang/map/HashedMap.java": HASHED, "lang/map/OrderedMap.java": ORDERED,
         "lang/io/Opener.java": OPENER, "lang/tuple/Pair.java": PAIR, "lang/builder/Style.java": STYLE, "lang/text/TextBuilder.java": BUILDER, "lang/Checks.java": CHECKS}


@pytest.fixture(scope="module")
def lang(tmp_path_factory):
    conn = open_reader(indexed_workspace(tmp_path_factory.mktemp("lang"), FILES))
    yield conn
    conn.close()


def test_a_class_nested_in_its_base_extends_the_base_not_its_constructor(lang):
    """`extends Style` inside Style, which declares `Style()`: the base class; its methods are inherited."""
    inner = "lang.builder.Style.NoFieldNameStyle"
    assert reached(lang, f"{inner}.NoFieldNameStyle", "setUseFieldNames") == [
        {("resolved", "lang.builder.Style.setUseFieldNames", 11)}]
    assert reached(lang, f"{inner}.append", "append") == [{("resolved", "lang.builder.Style.append", 19)}]
    base = lang.execute("SELECT t.qualname FROM inherits i JOIN symbols s ON s.id = i.class_id"
                        " JOIN symbols t ON t.id = i.target_id WHERE s.qualname = ?", (inner,)).fetchall()
    assert base == [("lang.builder.Style",)]


def test_outer_this_calls_the_enclosing_instance_member(lang):
    """`TextBuilder.this.size()` is TextBuilder's size, though the inner class inherits a `size` too;
    the bare `size()` is the inherited one."""
    caller = "lang.text.TextBuilder.BuilderTokenizer.read"
    assert reached(lang, caller, "append") == [{("resolved", "lang.text.TextBuilder.append", 5)}]
    assert reached(lang, caller, "size") == [{("resolved", "lang.text.TextBuilder.size", 4),
                                              ("resolved", "lang.text.TextBuilder.Tokenizer.size", 10)}]
    rows = lang.execute("SELECT c.callee, t.qualname FROM calls c JOIN symbols s ON s.id = c.caller_id"
                        " JOIN symbols t ON t.id = c.target_id WHERE s.qualname = ? AND c.callee LIKE '%size'",
                        (caller,)).fetchall()
    assert sorted(rows) == [("TextBuilder.this.size", "lang.text.TextBuilder.size"),
                            ("size", "lang.text.TextBuilder.Tokenizer.size")]


def test_varargs_parameters_pass_on_as_arrays_of_their_type(lang):
    """`boolean... values` is a boolean[]; `Boolean... array` a Boolean[] (toPrimitive(Boolean[]))."""
    assert reached(lang, "lang.Checks.insert", "isEmpty") == [{("resolved", "lang.Checks.isEmpty", 18)}]
    assert reached(lang, "lang.Checks.and", "toPrimitive") == [{("resolved", "lang.Checks.toPrimitive", 22)}]


def test_bounded_type_parameters_and_arrays_of_type_parameters_choose_the_overload(lang):
    """A String is a CharSequence (not a Collection, not an array); `T... items` is an array."""
    assert reached(lang, "lang.Checks.toChar", "notEmpty") == [{("resolved", "lang.Checks.notEmpty", 10)}]
    assert reached(lang, "lang.Checks.first", "notEmpty") == [{("resolved", "lang.Checks.notEmpty", 8)}]
    assert reached(lang, "lang.Checks.first", "noNullElements") == [
        {("resolved", "lang.Checks.noNullElements", 11)}]


def test_jdk_method_results_type_the_arguments(lang):
    """Method.getName() is a String, invoke and Field.get an Object, toString() a String, valueOf a
    Boolean, isVarArgs() a boolean; a String third argument passes only to the varargs isTrue."""
    assert reached(lang, "lang.Checks.reflect", "describe") == [
        {("resolved", "lang.Checks.describe", 25)}, {("resolved", "lang.Checks.describe", 27)},
        {("resolved", "lang.Checks.describe", 25)}]
    assert reached(lang, "lang.Checks.reflect", "flag") == [{("resolved", "lang.Checks.flag", 28)}]
    assert reached(lang, "lang.Checks.reflect", "isTrue") == [{("resolved", "lang.Checks.isTrue", 16)}]


def test_a_generic_class_getter_is_its_type_argument_or_the_parameter_bound(lang):
    """In Pair<L, R extends Number>: getLeft() and other.getLeft() (other: Pair<L, R>) are an L, passed as
    Object; this.getRight() an R, passed as a Number; on Pair<String, Integer> getLeft() is a String."""
    caller = "lang.tuple.Pair.compareTo"
    assert reached(lang, caller, "show") == [{("resolved", "lang.tuple.Pair.show", 10)},
                                             {("resolved", "lang.tuple.Pair.show", 11)}]
    assert reached(lang, caller, "count") == [{("resolved", "lang.tuple.Pair.count", 13)}]


def test_an_outside_class_named_like_a_jdk_one_is_not_taken_for_it(lang):
    """`org.acme.io.Path` is not java.nio.file.Path (an Iterable): what it converts to is not known, so
    both overloads stay `possible`; the JDK's Path is an Iterable, the more specific parameter."""
    assert reached(lang, "lang.io.Opener.run", "open") == [
        {("possible", "lang.io.Opener.open", 6), ("possible", "lang.io.Opener.open", 7)},
        {("resolved", "lang.io.Opener.open", 6)}]


def test_explicit_type_arguments_and_array_and_varargs_elements(lang):
    """`Closures.<E>nopClosure()` is nopClosure() (no argument); `iPredicates[0]` and `more[0]` hold a
    Predicate."""
    caller = "lang.functors.Closures.chained"
    assert reached(lang, caller, "nopClosure") == [{("resolved", "lang.functors.Closures.nopClosure", 6)}] * 2
    assert reached(lang, caller, "execute") == [{("resolved", "lang.functors.Closures.execute", 8)}]
    assert reached(lang, "lang.functors.Closures.any", "evaluate") == [
        {("resolved", "lang.functors.Closures.Predicate.evaluate", 4)}]
    rows = lang.execute("SELECT c.callee, c.resolution FROM calls c JOIN symbols s ON s.id = c.caller_id"
                        " WHERE s.qualname = 'lang.functors.Closures.any' AND c.name = 'evaluate'").fetchall()
    assert sorted(rows) == [("iPredicates[0].evaluate", "inferred"), ("more[0].evaluate", "inferred")]


def test_a_chain_on_super_and_a_base_named_where_its_constructor_is_a_member(lang):
    """`super.nextEntry().getKey()` in KeyIterator: HashIterator's nextEntry gives a HashEntry; the name
    `HashIterator` there is the class, not its inherited constructor."""
    assert reached(lang, "lang.map.HashedMap.KeyIterator.next", "getKey") == [
        {("resolved", "lang.map.HashedMap.HashEntry.getKey", 7)}]


def test_an_overload_a_base_declares_keeps_an_unknown_argument_possible(lang):
    """get(Object) from the base beside the class's get(int): an Object and an int choose; a List<K>
    element (not known here) leaves both `possible`, never the class's own alone."""
    assert reached(lang, "lang.map.OrderedMap.find", "get") == [
        {("resolved", "lang.map.HashedMap.get", 4)}, {("resolved", "lang.map.OrderedMap.get", 4)},
        {("possible", "lang.map.HashedMap.get", 4), ("possible", "lang.map.OrderedMap.get", 4)}]
