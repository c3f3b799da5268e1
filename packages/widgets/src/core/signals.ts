/*
 * The widget cores' state: a small signals module of our own. (The widgets use four operations; a
 * general library cost the React entry a quarter of its size budget.)
 *
 * How it works: every write moves a global `clock` and stamps the signal with it (its version). A
 * computed or an effect remembers the version of each signal or computed it read on its last run,
 * in the order it read them; when the clock has moved it checks them in that order (bringing
 * computed ones up to date first) and runs again only if one really changed. So a computed is lazy
 * and cached, a read never sees a stale or mixed value, and the dependencies of a run are exactly
 * what it read. Nothing links a source to its readers: when the outermost batch ends, every live
 * effect is checked so (a few version comparisons each: a page holds a handful of widgets), so a
 * computed or signal that is dropped is simply garbage. (No cycle check: a computed must not read
 * itself, and an effect that always writes a new value to what it reads never settles.)
 *
 * Members ending in `_` are internal: the published types leave them out, embed.js's build shortens them.
 */

/** The computed or effect running now: what it reads are its sources. */
let observer: Signal | undefined;
/** Moves on every write (from 1: a version of 0 means "to run"). */
let clock = 1;
/** The clock the effects were last checked at. */
let settled = 1;
/** Batches open. */
let depth = 0;
const effects = new Set<Signal>();

/**
 * A value that computeds and effects observe: reading `.value` inside one makes it depend on the
 * signal; writing `.value` (a different value, by `Object.is`) re-runs the effects that read it.
 *
 * @example
 * const count = signal(0);
 * effect(() => console.log(count.value)); // logs 0
 * count.value++; // logs 1
 * count.peek(); // 1, without depending on it
 */
export class Signal<T = unknown> {
  /** @internal */ declare value_: T;
  /** @internal The clock of its last change; 0 for a computed that is to run. */ declare version_: number;
  /** @internal A computed's (or an effect's) function. */ declare fn_?: () => T;
  /** @internal What its function read on its last run, with the versions it read. */ declare sources_: Map<Signal, number>;
  /** @internal The clock it was last brought up to date at. */ declare checked_?: number;

  constructor(value: T) {
    this.value_ = value;
    this.version_ = 0;
  }

  get value(): T {
    try {
      return this.peek();
    } finally {
      // Also when it throws (version 0): the reader depends on it all the same.
      observer?.sources_.set(this, this.version_);
    }
  }

  set value(value: T) {
    if (!Object.is(value, this.value_)) {
      batch(() => {
        this.value_ = value;
        this.version_ = ++clock;
      });
    }
  }

  /**
   * Calls `listener` with the value now and after each change (what `listener` reads is not
   * tracked); returns the function that stops it.
   *
   * @example
   * const stop = form.status.subscribe((status) => console.log(status));
   */
  subscribe(listener: (value: T) => void): () => void {
    return effect(() => {
      const value = this.value;
      observer = undefined; // peek() puts the outer observer back afterwards
      listener(value);
    });
  }

  /**
   * The value, without making the computed or effect running now depend on it. (A computed is
   * brought up to date first: run again if one of its sources changed.)
   */
  peek(): T {
    if (this.fn_ && this.checked_ !== clock) {
      if (!this.version_ || changed(this)) {
        const outer = observer;
        const last = this.version_;
        // 0 until the run returns: a run that throws is run again by the next read.
        this.version_ = 0;
        this.sources_ = new Map();
        // eslint-disable-next-line @typescript-eslint/no-this-alias -- what the run reads are this computed's sources
        observer = this;
        try {
          const value = this.fn_();
          this.version_ = last && Object.is(value, this.value_) ? last : clock;
          this.value_ = value;
        } finally {
          observer = outer;
        }
      }
      this.checked_ = clock;
    }
    return this.value_;
  }
}

/** A signal's read side: what the cores expose and `computed` returns. */
export interface ReadonlySignal<T = unknown> extends Signal<T> {
  readonly value: T;
}

/** Whether a source of `node` changed since its last run; checked in the order it read them. */
function changed(node: Signal): boolean {
  for (const [source, version] of node.sources_) {
    source.peek();
    if (source.version_ !== version) return true;
  }
  return false;
}

/**
 * A signal holding `initial`.
 *
 * @example
 * const email = signal("");
 * email.value = "ann@example.com";
 */
/* @__NO_SIDE_EFFECTS__ */
export function signal<T>(initial: T): Signal<T> {
  return new Signal(initial);
}

/**
 * A signal derived from others: `fn` runs at the first read, and again at a read after a signal it
 * read on its last run changed (lazy and cached; its dependencies are what its last run read). A
 * run that throws throws to the reader, and runs again at the next read.
 *
 * @example
 * const first = signal("Ann");
 * const greeting = computed(() => `Hello ${first.value}`);
 * greeting.value; // "Hello Ann"
 */
/* @__NO_SIDE_EFFECTS__ */
export function computed<T>(fn: () => T): ReadonlySignal<T> {
  const node = new Signal(undefined as T);
  node.fn_ = fn;
  return node;
}

/**
 * Runs `fn` now, and again after each batch (or lone write) that changed a signal it read on its
 * last run; returns the function that stops it. An error of its first run is thrown (and the
 * effect not started); a later one is reported like an uncaught error, and the effect runs again
 * at the next batch.
 *
 * @example
 * const stop = effect(() => console.log(form.status.value));
 * stop();
 */
export function effect(fn: () => void): () => void {
  const node = computed(fn) as Signal<void>;
  // Live once its first run returned; the end of this batch checks it with the others.
  batch(() => {
    node.peek();
    effects.add(node);
  });
  return () => void effects.delete(node);
}

/**
 * Runs `fn` and returns its result; the effects its writes concern run once, when the outermost
 * batch ends, and see all of them. Batches may nest.
 *
 * @example
 * batch(() => {
 *   status.value = "ready";
 *   message.value = "";
 * }); // an effect reading both runs once
 */
export function batch<T>(fn: () => T): T {
  depth++;
  try {
    return fn();
  } finally {
    // Effects run inside the batch: their own writes bring another pass. An effect's error is
    // reported like an uncaught one, not thrown to the writer (the other effects still run).
    if (depth === 1) {
      while (settled !== clock) {
        settled = clock;
        for (const node of effects) {
          try {
            node.peek();
          } catch (error) {
            setTimeout(() => {
              throw error;
            });
          }
        }
      }
    }
    depth--;
  }
}
