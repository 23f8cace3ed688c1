"""Java overloads chosen by arguments written as expressions, as commons-lang3 writes them (measured
against javac by scripts/score_java_oracle.py): an array element read with a moving index
(`workArea.append(srcChars[pos++])` is `append(char)`), a conditional whose branches are both ints
(`value == SUNDAY ? 7 : value - 1`), arithmetic on ints, and the boxes' `MAX_VALUE` constants
(`Validate.inclusiveBetween(1, Long.MAX_VALUE, period, "…")` is the `long` overload). An argument
returned by a generic method that returns its argument (`Validate.notNull(values)`) or an array's
clone (`chars.clone()`) has that argument's, or the array's, type."""
from __future__ import annotations

from flowcases import call_rows

from graphmind.index.indexer import index_workspace
from graphmind.store import open_reader

BUILDER = """package org.acme.text;

public class StrBuilder {
    private final StringBuilder buffer = new StringBuilder();

    public StrBuilder append(final Object obj) {
        buffer.append(obj);
        return this;
    }

    public StrBuilder append(final String str) {
        buffer.append(str);
        return this;
    }

    public StrBuilder append(final char ch) {
        buffer.append(ch);
        return this;
    }
}
"""
TOKENIZER = """package org.acme.text;

public class StrTokenizer {
    private int readWithQuotes(final char[] srcChars, final int start, final StrBuilder workArea) {
        int pos = start;
        while (pos < srcChars.length) {
            workArea.append(srcChars[pos++]);
        }
        return pos;
    }
}
"""
RULES = """package org.acme.time;

import java.util.Calendar;

class NumberRule {
    void appendTo(final Appendable buffer, final Calendar calendar) {
    }

    void appendTo(final Appendable buffer, final int value) {
    }
}

class DayInWeekField {
    private final NumberRule mRule = new NumberRule();

    void appendTo(final Appendable buffer, final Calendar calendar) {
        final int value = calendar.get(Calendar.DAY_OF_WEEK);
        mRule.appendTo(buffer, value == Calendar.SUNDAY ? 7 : value - 1);
    }
}
"""
VALIDATE = """package org.acme.lang;

public class Validate {
    public static void inclusiveBetween(final long start, final long end, final long value, final String message) {
    }

    public static void inclusiveBetween(final double start, final double end, final double value, final String message) {
    }
}
"""
SEMAPHORE = """package org.acme.lang;

public class TimedSemaphore {
    TimedSemaphore(final long timePeriod) {
        Validate.inclusiveBetween(1, Long.MAX_VALUE, timePeriod, "Time period must be greater than 0!");
    }
}
"""


def test_arguments_written_as_expressions_pick_their_overload(tmp_path):
    for name, text in (("StrBuilder", BUILDER), ("StrTokenizer", TOKENIZER), ("Rules", RULES),
                       ("Validate", VALIDATE), ("TimedSemaphore", SEMAPHORE)):
        (tmp_path / f"{name}.java").write_text(text)
    index_workspace(tmp_path)
    conn = open_reader(tmp_path)
    append = call_rows(conn, "org.acme.text.StrTokenizer.readWithQuotes", "workArea.append")
    assert [(how, t) for how, t, _ in append] == [("inferred", "org.acme.text.StrBuilder.append")]
    line = conn.execute("SELECT start_line FROM symbols s JOIN calls c ON c.target_id = s.id"
                        " WHERE c.callee = 'workArea.append'").fetchone()[0]
    assert line == 16                                  # append(char)
    rule = call_rows(conn, "org.acme.time.DayInWeekField.appendTo", "mRule.appendTo")
    assert [how for how, _, _ in rule] == ["inferred"]
    assert conn.execute("SELECT s.start_line FROM symbols s JOIN calls c ON c.target_id = s.id"
                        " WHERE c.callee = 'mRule.appendTo'").fetchone()[0] == 9
    between = call_rows(conn, "org.acme.lang.TimedSemaphore.TimedSemaphore", "Validate.inclusiveBetween")
    assert [how for how, _, _ in between] == ["import"] or [how for how, _, _ in between] == ["local"]
    assert conn.execute("SELECT s.start_line FROM symbols s JOIN calls c ON c.target_id = s.id"
                        " WHERE c.callee = 'Validate.inclusiveBetween'").fetchone()[0] == 4


def test_an_argument_returned_by_a_generic_method_or_cloned_keeps_its_type(tmp_path):
    (tmp_path / "Validate.java").write_text("""package org.acme.lang;

public class Validate {
    public static <T> T notNull(final T object) {
        return object;
    }
}
""")
    (tmp_path / "ArrayUtils.java").write_text("""package org.acme.lang;

public class ArrayUtils {
    public static long[] clone(final long[] array) {
        return array;
    }

    public static int[] clone(final int[] array) {
        return array;
    }

    public static char[] clone(final char[] array) {
        return array;
    }
}
""")
    (tmp_path / "EnumUtils.java").write_text("""package org.acme.lang;

public class EnumUtils {
    static long[] copy(final long[] values) {
        return ArrayUtils.clone(Validate.notNull(values));
    }

    static char[] sorted(final char[] chars) {
        return ArrayUtils.clone(chars.clone());
    }
}
""")
    index_workspace(tmp_path)
    conn = open_reader(tmp_path)
    for caller, line in (("copy", 4), ("sorted", 12)):
        rows = conn.execute("SELECT c.resolution, t.start_line FROM calls c JOIN symbols s ON s.id = c.caller_id"
                            " LEFT JOIN symbols t ON t.id = c.target_id WHERE s.qualname = ?"
                            " AND c.callee = 'ArrayUtils.clone'", (f"org.acme.lang.EnumUtils.{caller}",)).fetchall()
        assert [(how != "possible", start) for how, start in rows] == [(True, line)]
