import { useSyncExternalStore } from 'react';

export interface PersistedStore<T> {
  get: () => T;
  set: (next: T) => void;
  update: (change: (current: T) => T) => void;
  subscribe: (listener: () => void) => () => void;
  /** Reads storage again (a test, or another tab's change to local storage). */
  reload: () => void;
}

export interface PersistedStoreOptions<T> {
  key: string;
  /** Session storage lives per tab; local storage across tabs and restarts. */
  storage: 'session' | 'local';
  /** Turns whatever storage holds (maybe nothing, maybe an old shape) into a valid state. */
  restore: (saved: unknown) => T;
}

function storageOf(kind: 'session' | 'local'): Storage | null {
  try {
    return kind === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    // Storage refused (privacy settings): the state lives in memory only.
    return null;
  }
}

function readSaved(storage: Storage | null, key: string): unknown {
  const text = storage?.getItem(key);
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    return undefined;
  }
}

/** A state kept in browser storage (spec: state is saved to session and local storage) and shared by hooks. */
export function createPersistedStore<T>(options: PersistedStoreOptions<T>): PersistedStore<T> {
  const storage = storageOf(options.storage);
  let state = options.restore(readSaved(storage, options.key));
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  const set = (next: T) => {
    state = next;
    try {
      storage?.setItem(options.key, JSON.stringify(state));
    } catch {
      // A full storage keeps the state in memory: nothing on screen is lost.
    }
    notify();
  };
  return {
    get: () => state,
    set,
    update: (change) => set(change(state)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reload() {
      state = options.restore(readSaved(storage, options.key));
      notify();
    },
  };
}

export function usePersistedStore<T>(store: PersistedStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
