"""TypeScript receivers as real libraries write them (rxjs's idioms, measured against the TypeScript
compiler by scripts/score_ts_oracle.py): an untyped arrow parameter typed by the parameter of the
function it is passed to, a method called on a call's result, optional chaining and non-null
assertions, and a variable holding a global function that is not an object-literal member."""
from __future__ import annotations

import shutil

from flowcases import call_targets
from langcases import snapshot

from graphmind.index.indexer import index_workspace
from graphmind.store import open_reader

SUBSCRIBER = """
export class Subscriber<T> {
  next(value: T): void {}
  complete(): void {}
}
"""
OBSERVABLE = """
import { Subscriber } from './Subscriber';

export class Observable<T> {
  constructor(subscribe?: (this: Observable<T>, subscriber: Subscriber<T>) => void) {}
  subscribe(s?: Subscriber<T>): void {}
  pipe(): Observable<T> { return this; }
}
"""
LIFT = """
import { Observable } from './Observable';
import { Subscriber } from './Subscriber';

export function operate<T, R>(
  init: (liftedSource: Observable<T>, subscriber: Subscriber<R>) => (() => void) | void
): (source: Observable<T>) => Observable<R> {
  return (source) => source;
}

export function innerFrom<T>(input: T): Observable<T> {
  return new Observable<T>();
}

export function maybe(): Subscriber<number> | null {
  return null;
}
"""
# a decoy class with every method name, so a name-only guess is never the one candidate
DECOY = """
export class Decoy {
  next(v: number): void {}
  complete(): void {}
  subscribe(): void {}
  pipe(): void {}
}
"""


def _workspace(tmp_path, user: str):
    for name, text in (("Subscriber", SUBSCRIBER), ("Observable", OBSERVABLE), ("lift", LIFT), ("decoy", DECOY),
                       ("user", user)):
        (tmp_path / f"{name}.ts").write_text(text)
    index_workspace(tmp_path)
    return open_reader(tmp_path)


def test_arrow_parameters_take_the_type_the_callee_declares(tmp_path):
    conn = _workspace(tmp_path, """
import { operate } from './lift';
import { Observable } from './Observable';

export function map<T>() {
  return operate((source, subscriber) => {
    source.subscribe(subscriber);
    subscriber.next(1);
  });
}

export function of(value: number) {
  return new Observable<number>((subscriber) => {
    subscriber.next(value);
  });
}

export function empty() {
  return new Observable<number>(subscriber => subscriber.complete());
}
""")
    assert call_targets(conn, "user.map", "source.subscribe") == {("inferred", "Observable.Observable.subscribe")}
    assert call_targets(conn, "user.map", "subscriber.next") == {("inferred", "Subscriber.Subscriber.next")}
    assert call_targets(conn, "user.of", "subscriber.next") == {("inferred", "Subscriber.Subscriber.next")}
    assert call_targets(conn, "user.empty", "subscriber.complete") == {("inferred", "Subscriber.Subscriber.complete")}


def test_a_method_of_a_call_result_and_optional_chains(tmp_path):
    conn = _workspace(tmp_path, """
import { innerFrom, maybe } from './lift';
import { Subscriber } from './Subscriber';

export function run(s: Subscriber<number> | null, t?: Subscriber<number>) {
  innerFrom(1).subscribe();
  innerFrom(2).pipe().subscribe();
  s?.next(1);
  t!.complete();
  maybe()?.complete();
}
""")
    assert call_targets(conn, "user.run", "innerFrom(1).subscribe") == {("inferred", "Observable.Observable.subscribe")}
    assert call_targets(conn, "user.run", "innerFrom(2).pipe().subscribe") == {("inferred", "Observable.Observable.subscribe")}
    assert call_targets(conn, "user.run", "s?.next") == {("inferred", "Subscriber.Subscriber.next")}
    assert call_targets(conn, "user.run", "t!.complete") == {("inferred", "Subscriber.Subscriber.complete")}
    assert call_targets(conn, "user.run", "maybe()?.complete") == {("inferred", "Subscriber.Subscriber.complete")}


def test_an_untyped_parameter_of_an_unknown_callee_stays_possible(tmp_path):
    conn = _workspace(tmp_path, """
declare function external(cb: (x: any) => void): void;

export function go() {
  external((x) => x.next(1));
  [1, 2].forEach((subscriber) => subscriber.complete());
}
""")
    assert {how for how, _ in call_targets(conn, "user.go", "x.next")} == {"possible"}
    assert {how for how, _ in call_targets(conn, "user.go", "subscriber.complete")} == {"possible"}


def test_locals_from_a_choice_generic_constructors_long_calls_and_destructuring(tmp_path):
    conn = _workspace(tmp_path, """
import { Subscriber } from './Subscriber';
import { Observable } from './Observable';
import { maybe } from './lift';

class Holder {
  sub = new Subscriber<number>();
  run(flag: boolean, other: number) {
    const chosen = flag ? other : new Subscriber<number>();
    chosen.next(1);
    const made = new Observable<number>(function (subscriber) {
      // a long body: the initializer is cut at the value length limit, its callee is still read
      subscriber.next(1); subscriber.next(2); subscriber.next(3); subscriber.next(4); subscriber.next(5);
    });
    made.subscribe();
    const { sub } = this;
    sub.complete();
    const { sub: renamed } = this;
    renamed.next(2);
  }
}
""")
    assert call_targets(conn, "user.Holder.run", "chosen.next") == {("inferred", "Subscriber.Subscriber.next")}
    assert call_targets(conn, "user.Holder.run", "made.subscribe") == {("inferred", "Observable.Observable.subscribe")}
    assert call_targets(conn, "user.Holder.run", "sub.complete") == {("inferred", "Subscriber.Subscriber.complete")}
    assert call_targets(conn, "user.Holder.run", "renamed.next") == {("inferred", "Subscriber.Subscriber.next")}


def test_instanceof_a_this_parameter_and_function_typed_interface_members(tmp_path):
    conn = _workspace(tmp_path, """
import { Subscriber } from './Subscriber';

export interface Observer<T> {
  next: (value: T) => void;
  error?: (err: any) => void;
}

export function check(teardown: unknown, observer: Partial<Observer<number>>) {
  if (teardown instanceof Subscriber) {
    teardown.complete();
  }
  observer.next(1);
  observer.error?.(2);
  return function (this: Subscriber<number>) {
    this.next(3);
  };
}
""")
    assert call_targets(conn, "user.check", "teardown.complete") == {("inferred", "Subscriber.Subscriber.complete")}
    assert call_targets(conn, "user.check", "observer.next") == {("inferred", "user.Observer.next")}
    assert call_targets(conn, "user.check", "this.next") == {("inferred", "Subscriber.Subscriber.next")}


def test_an_object_literal_member_is_no_name_in_scope(tmp_path):
    """`let request = requestAnimationFrame` inside an object literal's method names the global
    function, not the literal's own member of that name."""
    conn = _workspace(tmp_path, """
export const provider = {
  schedule(callback: () => void) {
    let request = requestAnimationFrame;
    request(callback);
    requestAnimationFrame(callback);
  },
  requestAnimationFrame(callback: () => void) {
    return 1;
  },
};
""")
    assert {how for how, _ in call_targets(conn, "user.schedule", "request")} <= {"possible", "unresolved"}
    assert all(how == "possible" for how, _ in call_targets(conn, "user.schedule", "requestAnimationFrame"))


def test_type_aliases_exported_variables_array_elements_and_function_typed_fields(tmp_path):
    (tmp_path / "observers.ts").write_text("""
export interface NextObserver<T> {
  next: (value: T) => void;
}
export interface ErrorObserver<T> {
  error: (err: any) => void;
}
export type PartialObserver<T> = NextObserver<T> | ErrorObserver<T>;

export interface Provider {
  request: typeof requestAnimationFrame;
  observer?: PartialObserver<number>;
}
export const provider: Provider = {
  request: requestAnimationFrame,
};
""")
    conn = _workspace(tmp_path, """
import { PartialObserver, provider } from './observers';
import { Subscriber } from './Subscriber';

export class Clock {
  now: () => number;
  constructor() {
    this.now = Date.now;
  }
}

export class Tick extends Clock {
  run(observer: PartialObserver<number>, subscribers: Subscriber<number>[]) {
    observer.next(1);
    provider.request(() => {});
    provider.observer?.error(2);
    subscribers.shift()!.complete();
    subscribers[0].next(3);
    return this.now();
  }
}
""")
    assert call_targets(conn, "user.Tick.run", "observer.next") == {("inferred", "observers.NextObserver.next")}
    assert call_targets(conn, "user.Tick.run", "provider.request") == {("inferred", "observers.Provider.request")}
    assert call_targets(conn, "user.Tick.run", "provider.observer?.error") == {("inferred", "observers.ErrorObserver.error")}
    assert call_targets(conn, "user.Tick.run", "subscribers.shift()!.complete") == {("inferred", "Subscriber.Subscriber.complete")}
    assert call_targets(conn, "user.Tick.run", "subscribers[0].next") == {("inferred", "Subscriber.Subscriber.next")}
    assert {target for _, target in call_targets(conn, "user.Tick.run", "this.now")} == {"user.Clock.now"}


def test_a_callee_changing_its_parameter_type_re_resolves_the_arrows_passed_to_it(tmp_path):
    """Incremental: `operate`'s declared parameter type is part of its file's interface, so the calls
    typed through it elsewhere are resolved again, and the index equals a clean one."""
    work = tmp_path / "work"
    work.mkdir()
    _workspace(work, """
import { operate } from './lift';

export function map<T>() {
  return operate((source, subscriber) => {
    subscriber.next(1);
  });
}
""")
    lift = work / "lift.ts"
    lift.write_text(lift.read_text().replace("subscriber: Subscriber<R>", "subscriber: Decoy")
                    .replace("import { Subscriber } from './Subscriber';", "import { Decoy } from './decoy';"))
    index_workspace(work)
    assert call_targets(open_reader(work), "user.map", "subscriber.next") == {("inferred", "decoy.Decoy.next")}
    clean = tmp_path / "clean"
    shutil.copytree(work, clean, ignore=shutil.ignore_patterns(".graphmind"))
    index_workspace(clean)
    assert snapshot(work) == snapshot(clean)


def test_a_field_declared_in_a_base_is_read_by_its_declared_type(tmp_path):
    """`public destination?: Observer` (an optional constructor parameter property) declared in a
    base class types `this.destination` in a subclass, which assigns it a `new Other()` in a method:
    the compiler reads the declared type, and so does graphmind."""
    conn = _workspace(tmp_path, """
import { Subscriber } from './Subscriber';
import { Decoy } from './decoy';

export class Anonymous {
  constructor(public destination?: Subscriber<number>) {}
}

export class Socket extends Anonymous {
  reset() {
    this.destination = new Decoy() as any;
  }
  fail() {
    this.destination!.complete();
  }
}
""")
    assert {t for _, t in call_targets(conn, "user.Socket.fail", "this.destination!.complete")} == {
        "Subscriber.Subscriber.complete"}
