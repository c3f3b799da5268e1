/** A listener of one event. */
export type Listener<T> = (detail: T) => void;

/** Typed events of one widget instance. */
export interface Emitter<Events> {
  /** Listens to `type`; returns the function that stops listening. */
  on<K extends keyof Events>(type: K, listener: Listener<Events[K]>): () => void;
  emit<K extends keyof Events>(type: K, detail: Events[K]): void;
  /** Drops every listener. */
  clear(): void;
}

/**
 * A small typed event emitter, one per widget instance (so two forms on a page never hear each
 * other). A throwing listener does not stop the others.
 *
 * @example
 * const events = createEmitter<{ ready: { id: string } }>();
 * const off = events.on("ready", ({ id }) => console.log(id));
 * events.emit("ready", { id: "t1" });
 * off();
 */
/* @__NO_SIDE_EFFECTS__ */
export function createEmitter<Events>(): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<Listener<never>>>();
  return {
    on(type, listener) {
      const set = listeners.get(type) ?? new Set();
      listeners.set(type, set);
      set.add(listener as Listener<never>);
      return () => set.delete(listener as Listener<never>);
    },
    emit(type, detail) {
      for (const listener of [...(listeners.get(type) ?? [])]) {
        try {
          (listener as Listener<typeof detail>)(detail);
        } catch (error) {
          // A page's listener must not break the widget; report it like an uncaught error.
          setTimeout(() => {
            throw error;
          });
        }
      }
    },
    clear: () => listeners.clear(),
  };
}
