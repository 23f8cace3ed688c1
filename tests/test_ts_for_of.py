"""TypeScript: the variable of a `for (const x of xs)` loop holds an element of xs. rxjs's Subject
(`private currentObservers: Observer<T>[] | null`, `for (const observer of this.currentObservers)
{ observer.next(value) }`) and Redux Toolkit's listener middleware (`for (const entry of entries)
{ entry.unsubscribe() }`): the compiler names the element type's member (some 48 sites of the
projects scored by scripts/score_ts_oracle.py left `possible`). `for (const k in obj)` gives keys, which index obj."""
from __future__ import annotations

from flowcases import call_targets
from langcases import indexed_workspace

from graphmind.store import open_reader

TYPES = """
export interface Observer<T> {
  next: (value: T) => void
  complete(): void
}

export type ListenerEntry = {
  id: string
  unsubscribe: () => void
}
"""
SUBJECT = """
import { Observer, ListenerEntry } from "./types"

export class Subject<T> {
  private currentObservers: Observer<T>[] | null = null
  private listenerMap = new Map<string, ListenerEntry>()

  next(value: T) {
    for (const observer of this.currentObservers!) {
      observer.next(value)
    }
  }

  complete() {
    const observers: ReadonlyArray<Observer<T>> = this.currentObservers ?? []
    for (let observer of observers) {
      observer.complete()
    }
  }

  clear(entries: ListenerEntry[], byKey: { [key: string]: ListenerEntry }) {
    for (const entry of entries) {
      entry.unsubscribe()
    }
    for (const id in byKey) {
      byKey[id].unsubscribe()
    }
  }
}
"""
DECOY = "export class Decoy { next() {} complete() {} unsubscribe() {} }\n"


def test_a_for_of_variable_holds_an_element(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"types.ts": TYPES, "subject.ts": SUBJECT, "decoy.ts": DECOY}))
    assert call_targets(conn, "subject.Subject.next", "observer.next") == {("inferred", "types.Observer.next")}
    assert call_targets(conn, "subject.Subject.complete", "observer.complete") == {("inferred", "types.Observer.complete")}
    assert call_targets(conn, "subject.Subject.clear", "entry.unsubscribe") == {("inferred", "types.ListenerEntry.unsubscribe")}

    assert call_targets(conn, "subject.Subject.clear", "byKey[id].unsubscribe") == {
        ("inferred", "types.ListenerEntry.unsubscribe")}


MIDDLEWARE = """
import { ListenerEntry } from "./types"

export class Controller {
  close() {}
}

export function createListenerMiddleware() {
  const listenerMap = new Map<string, ListenerEntry>()
  const controllerMap: Map<number, Controller> = new Map()
  const closed = new Set<Controller>()

  function clearListenerMiddleware() {
    for (const controller of controllerMap.values()) {
      controller.close()
    }
    for (const controller of closed) {
      controller.close()
    }
    const entries = Array.from(listenerMap.values())
    for (const entry of entries) {
      entry.unsubscribe()
    }
  }
  return clearListenerMiddleware
}

const findListenerEntry = (listenerMap: Map<string, ListenerEntry>, id: string) => {
  return Array.from(listenerMap.values()).find((entry) => entry.id === id)
}

export function stopListening(listenerMap: Map<string, ListenerEntry>, id: string) {
  const entry = findListenerEntry(listenerMap, id)
  entry?.unsubscribe()
}
"""


def test_the_values_of_a_map_and_the_members_of_a_set_are_elements(tmp_path):
    """Redux Toolkit's `const listenerMap = new Map<string, ListenerEntry>()`, then
    `for (const entry of Array.from(listenerMap.values())) entry.unsubscribe()`; tRPC's
    `for (const controller of controllerMap.values()) controller.close()`."""
    conn = open_reader(indexed_workspace(tmp_path, {"types.ts": TYPES, "middleware.ts": MIDDLEWARE, "decoy.ts": DECOY,
                                                    "other.ts": "export class Other { close() {} }\n"}))
    caller = "middleware.createListenerMiddleware.clearListenerMiddleware"
    assert call_targets(conn, caller, "controller.close") == {("inferred", "middleware.Controller.close")}
    assert call_targets(conn, caller, "entry.unsubscribe") == {("inferred", "types.ListenerEntry.unsubscribe")}
    assert call_targets(conn, "middleware.stopListening", "entry?.unsubscribe") == {
        ("inferred", "types.ListenerEntry.unsubscribe")}
