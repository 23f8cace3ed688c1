"""Java overloads chosen by an argument of a java.sql type (commons-csv's `setHeader(resultSet != null ?
resultSet.getMetaData() : null)` among `setHeader(ResultSet)`, `setHeader(ResultSetMetaData)` and
`setHeader(String...)`): the JDK tables (queries/java/jdk_*.txt) know java.sql's types and results, so
`getMetaData()` gives `ResultSetMetaData` and javac's overload is picked."""
from __future__ import annotations

from langcases import indexed_workspace

from graphmind.store import open_reader

FORMAT = """package org.apache.commons.csv;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;

public final class CSVFormat {
    public static class Builder {
        public Builder setHeader(final ResultSet resultSet) throws SQLException {
            return setHeader(resultSet != null ? resultSet.getMetaData() : null);
        }

        public Builder setHeader(final ResultSetMetaData resultSetMetaData) throws SQLException {
            String[] labels = null;
            if (resultSetMetaData != null) {
                labels = new String[resultSetMetaData.getColumnCount()];
            }
            return setHeader(labels);
        }

        public Builder setHeader(final String... header) { return this; }
    }

    public CSVFormat withHeader(final ResultSet resultSet) throws SQLException {
        return new Builder().setHeader(resultSet).build();
    }

    public CSVFormat withHeader(final ResultSetMetaData metaData) throws SQLException {
        return new Builder().setHeader(metaData).build();
    }
}
"""


def test_a_java_sql_result_picks_the_overload(tmp_path):
    work = indexed_workspace(tmp_path, {"src/main/java/org/apache/commons/csv/CSVFormat.java": FORMAT})
    rows = {tuple(r) for r in open_reader(work).execute(
        "SELECT c.line, c.resolution, t.start_line FROM calls c LEFT JOIN symbols t ON t.id = c.target_id"
        " WHERE c.kind = 'call' AND c.name = 'setHeader'")}
    assert rows == {(10, "self", 13), (18, "self", 21), (25, "inferred", 9), (29, "inferred", 13)}
