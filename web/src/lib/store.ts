import { useSyncExternalStore } from "react";

/** A tiny external store: state that lives outside React (uploads keep going while pages change). */
export function createStore<T>(initial: T) {
  let state = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    get: () => state,
    set(next: T | ((prev: T) => T)) {
      state = typeof next === "function" ? (next as (prev: T) => T)(state) : next;
      for (const listener of listeners) listener();
    },
    subscribe,
    use: () =>
      useSyncExternalStore(
        subscribe,
        () => state,
        () => state,
      ),
  };
}
