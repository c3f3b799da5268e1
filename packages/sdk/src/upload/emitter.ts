type Listener<T> = (event: T) => void;

export interface Emitter<Events> {
  on<K extends keyof Events>(type: K, listener: Listener<Events[K]>): () => void;
  emit<K extends keyof Events>(type: K, event: Events[K]): void;
  clear(): void;
}

/**
 * A tiny typed event emitter; `on` returns the function that removes the listener.
 *
 * @example
 * const events = createEmitter<{ ping: number }>();
 * const off = events.on("ping", (n) => console.log(n));
 * events.emit("ping", 1);
 * off();
 */
/* @__NO_SIDE_EFFECTS__ */
export function createEmitter<Events>(): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<Listener<never>>>();
  return {
    on(type, listener) {
      const set = listeners.get(type) ?? new Set();
      listeners.set(type, set.add(listener as Listener<never>));
      return () => void set.delete(listener as Listener<never>);
    },
    emit(type, event) {
      for (const listener of listeners.get(type) ?? []) (listener as Listener<typeof event>)(event);
    },
    clear() {
      listeners.clear();
    },
  };
}
