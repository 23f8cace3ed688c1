"""Java receivers as JPype writes them (measured against javac by scripts/score_java_oracle.py): a
static field typed with its own class (whose constructor has the class's name), and methods called on
what a static method returns."""
from __future__ import annotations

from flowcases import call_rows

from graphmind.index.indexer import index_workspace
from graphmind.store import open_reader


def test_own_class_typed_field_and_calls_on_returned_values(tmp_path):
    pkg = tmp_path / "org" / "acme"
    pkg.mkdir(parents=True)
    (pkg / "Context.java").write_text("""package org.acme;

public class Context {
  private static Context INSTANCE = new Context();
  private Loader loader = new Loader();

  public Context() {}

  public static Context getInstance() {
    return INSTANCE;
  }

  public static void start() {
    INSTANCE.initialize();
  }

  public void initialize() {}

  public Loader getLoader() {
    return loader;
  }
}
""")
    (pkg / "Loader.java").write_text("""package org.acme;

public class Loader {
  public void scan() {}
}
""")
    (pkg / "Decoy.java").write_text("""package org.acme;

public class Decoy {
  public void scan() {}
  public void initialize() {}
  public Loader getLoader() { return null; }
}
""")
    (pkg / "User.java").write_text("""package org.acme;

public class User {
  public void run() {
    Context.getInstance().getLoader().scan();
  }
}
""")
    index_workspace(tmp_path)
    conn = open_reader(tmp_path)
    rows = {(how, t) for how, t, _ in call_rows(conn, "org.acme.Context.start", "INSTANCE.initialize")}
    assert rows == {("inferred", "org.acme.Context.initialize")}
    chain = {(how, t) for how, t, _ in call_rows(conn, "org.acme.User.run", "Context.getInstance().getLoader().scan")}
    assert chain == {("inferred", "org.acme.Loader.scan")}
