"""Java overloads chosen by an argument that is a constant imported with `import static` (commons-csv's
`CSVFormat.builder().setDelimiter(PIPE)`, `PIPE` a `static final char` of `Constants`): its declared type
picks `setDelimiter(char)` over `setDelimiter(String)`, as javac does."""
from __future__ import annotations

from langcases import indexed_workspace, reached

from graphmind.store import open_reader

CONSTANTS = """package org.apache.commons.csv;

final class Constants {
    static final char PIPE = '|';
    static final String CRLF = "\\r\\n";
    static final Character DOUBLE_QUOTE_CHAR = Character.valueOf('"');
}
"""
FORMAT = """package org.apache.commons.csv;

import static org.apache.commons.csv.Constants.CRLF;
import static org.apache.commons.csv.Constants.DOUBLE_QUOTE_CHAR;
import static org.apache.commons.csv.Constants.PIPE;

public final class CSVFormat {
    public static class Builder {
        public Builder setDelimiter(final char delimiter) { return this; }
        public Builder setDelimiter(final String delimiter) { return this; }
        public Builder setQuote(final char quoteCharacter) { return this; }
        public Builder setQuote(final Character quoteCharacter) { return this; }
        public Builder setRecordSeparator(final char recordSeparator) { return this; }
        public Builder setRecordSeparator(final String recordSeparator) { return this; }
        public CSVFormat build() { return new CSVFormat(); }
    }

    public static Builder builder() { return new Builder(); }

    public static final CSVFormat INFORMIX_UNLOAD = builder()
            .setDelimiter(PIPE)
            .setQuote(DOUBLE_QUOTE_CHAR)
            .setRecordSeparator(CRLF)
            .build();
}
"""


def test_a_static_imported_constant_picks_the_overload(tmp_path):
    work = indexed_workspace(tmp_path, {"src/main/java/org/apache/commons/csv/Constants.java": CONSTANTS,
                                        "src/main/java/org/apache/commons/csv/CSVFormat.java": FORMAT})
    rows = {tuple(r) for r in open_reader(work).execute(
        "SELECT c.callee, c.resolution, t.start_line FROM calls c JOIN symbols t ON t.id = c.target_id"
        " WHERE c.kind = 'call' AND c.name IN ('setDelimiter', 'setQuote', 'setRecordSeparator')")}
    picked = {(callee.rsplit(".", 1)[-1], how, line) for callee, how, line in rows}
    assert "possible" not in {how for _, how, _ in picked} and \
        {(n, line) for n, _, line in picked} == {("setDelimiter", 9), ("setQuote", 12), ("setRecordSeparator", 14)}
