import { afterEach, describe, expect, it, vi } from "vitest";
import { batch, computed, effect, signal, Signal } from "./signals.js";

/** Runs `fn` in an effect and answers what each run saw, and the dispose function. */
const record = <T>(fn: () => T) => {
  const runs: T[] = [];
  const dispose = effect(() => void runs.push(fn()));
  return { runs, dispose };
};

describe("signal", () => {
  it("holds a value: .value reads and writes it, .peek() reads it", () => {
    const count = signal(1);
    expect(count).toBeInstanceOf(Signal);
    expect(count.value).toBe(1);
    count.value = 2;
    expect(count.value).toBe(2);
    expect(count.peek()).toBe(2);
  });

  it("notifies only when a write changes the value (by Object.is)", () => {
    const items = signal<unknown[]>([]);
    const zero = signal(0);
    const seen = record(() => [items.value, zero.value]);
    expect(seen.runs).toHaveLength(1);
    items.value = items.peek(); // the same array
    zero.value = 0;
    expect(seen.runs).toHaveLength(1);
    zero.value = -0; // Object.is(0, -0) is false
    items.value = [];
    expect(seen.runs).toHaveLength(3);
    zero.value = Number.NaN;
    zero.value = Number.NaN; // Object.is(NaN, NaN) is true
    expect(seen.runs).toHaveLength(4);
    seen.dispose();
  });

  it("peek() inside an effect does not make it depend on the signal", () => {
    const tracked = signal("a");
    const peeked = signal(1);
    const seen = record(() => `${tracked.value}${peeked.peek()}`);
    peeked.value = 2;
    expect(seen.runs).toEqual(["a1"]);
    tracked.value = "b";
    expect(seen.runs).toEqual(["a1", "b2"]);
    seen.dispose();
  });

  it("subscribe calls the listener now and on each change, until unsubscribed", () => {
    const status = signal("loading");
    const other = signal(0);
    const heard: string[] = [];
    const unsubscribe = status.subscribe((value) => {
      heard.push(`${value}/${other.value}`); // the listener's own reads are not tracked
    });
    expect(heard).toEqual(["loading/0"]);
    status.value = "ready";
    other.value = 1;
    expect(heard).toEqual(["loading/0", "ready/0"]);
    unsubscribe();
    status.value = "closed";
    expect(heard).toEqual(["loading/0", "ready/0"]);
  });
});

describe("computed", () => {
  it("is lazy and cached: runs at the first read, again only after a source changed", () => {
    const first = signal("Ann");
    let calls = 0;
    const greeting = computed(() => {
      calls++;
      return `Hello ${first.value}`;
    });
    expect(calls).toBe(0);
    expect(greeting.value).toBe("Hello Ann");
    expect(greeting.peek()).toBe("Hello Ann");
    expect(greeting.value).toBe("Hello Ann");
    expect(calls).toBe(1);
    first.value = "Bob";
    first.value = "Cy";
    expect(calls).toBe(1); // nobody read it yet
    expect(greeting.value).toBe("Hello Cy");
    expect(calls).toBe(2);
    const unrelated = signal(0);
    unrelated.value = 1;
    expect(greeting.value).toBe("Hello Cy");
    expect(calls).toBe(2);
  });

  it("tracks its dependencies anew on each run: a branch left is no longer one", () => {
    const useA = signal(true);
    const a = signal("a");
    const b = signal("b");
    let calls = 0;
    const picked = computed(() => {
      calls++;
      return useA.value ? a.value : b.value;
    });
    const seen = record(() => picked.value);
    expect(seen.runs).toEqual(["a"]);
    b.value = "b2"; // not read yet
    expect(picked.value).toBe("a");
    expect(calls).toBe(1);
    useA.value = false;
    expect(seen.runs).toEqual(["a", "b2"]);
    expect(calls).toBe(2);
    a.value = "a2"; // no longer read
    expect(picked.value).toBe("b2");
    expect(calls).toBe(2);
    expect(seen.runs).toEqual(["a", "b2"]);
    seen.dispose();
  });

  it("reads through other computeds, and dependents skip a recomputation that gave the same value", () => {
    const n = signal(2);
    const parity = computed(() => (n.value % 2 === 0 ? "even" : "odd"));
    let calls = 0;
    const label = computed(() => {
      calls++;
      return `${parity.value} number`;
    });
    expect(label.value).toBe("even number");
    n.value = 4; // parity recomputes to the same value: label does not run
    expect(label.value).toBe("even number");
    expect(calls).toBe(1);
    n.value = 5;
    expect(label.value).toBe("odd number");
    expect(calls).toBe(2);
  });

  it("throws its function's error to the reader, and runs again at the next read", () => {
    const text = signal("{}");
    let calls = 0;
    const parsed = computed(() => {
      calls++;
      return JSON.parse(text.value) as object;
    });
    expect(parsed.value).toEqual({});
    text.value = "{";
    expect(() => parsed.value).toThrow(SyntaxError);
    expect(() => parsed.value).toThrow(SyntaxError); // not the value before the error
    expect(calls).toBe(3);
    text.value = '{"ok":true}';
    expect(parsed.value).toEqual({ ok: true });
  });
});

describe("effect", () => {
  it("runs now and after each change of what it read; dispose stops it", () => {
    const count = signal(0);
    const seen = record(() => count.value);
    count.value = 1;
    count.value = 2;
    expect(seen.runs).toEqual([0, 1, 2]);
    seen.dispose();
    count.value = 3;
    expect(seen.runs).toEqual([0, 1, 2]);
  });

  it("collects its dependencies on each run", () => {
    const show = signal(false);
    const detail = signal("x");
    const seen = record(() => (show.value ? detail.value : "-"));
    detail.value = "y"; // not read by the last run
    expect(seen.runs).toEqual(["-"]);
    show.value = true;
    detail.value = "z";
    expect(seen.runs).toEqual(["-", "y", "z"]);
    show.value = false;
    detail.value = "w";
    expect(seen.runs).toEqual(["-", "y", "z", "-"]);
    seen.dispose();
  });

  it("may write another signal: its own effects run in the same round", () => {
    const celsius = signal(0);
    const fahrenheit = signal(32);
    const copy = effect(() => {
      fahrenheit.value = (celsius.value * 9) / 5 + 32;
    });
    const seen = record(() => `${celsius.value}C=${fahrenheit.value}F`);
    celsius.value = 100;
    expect(fahrenheit.peek()).toBe(212);
    expect(seen.runs).toEqual(["0C=32F", "100C=212F"]);
    copy();
    seen.dispose();
  });

  it("throws an error of its first run, and is then not running", () => {
    const count = signal(0);
    let runs = 0;
    expect(() =>
      effect(() => {
        runs++;
        if (count.value === 0) throw new Error("boom");
      }),
    ).toThrow("boom");
    count.value = 1;
    expect(runs).toBe(1);
  });

  describe("a later error", () => {
    afterEach(() => void vi.useRealTimers());

    it("is reported like an uncaught one; the writer and the other effects go on", () => {
      vi.useFakeTimers({ toFake: ["setTimeout"] });
      const count = signal(0);
      const failing = effect(() => {
        if (count.value === 1) throw new Error("boom");
      });
      const seen = record(() => count.value);
      count.value = 1; // does not throw here
      expect(seen.runs).toEqual([0, 1]);
      expect(() => vi.runAllTimers()).toThrow("boom");
      count.value = 2;
      expect(seen.runs).toEqual([0, 1, 2]);
      failing();
      seen.dispose();
    });
  });
});

describe("batch", () => {
  it("runs the effects once, at the end, for all its writes; nested batches end with the outermost", () => {
    const status = signal("loading");
    const message = signal("");
    const seen = record(() => `${status.value}|${message.value}`);
    const answer = batch(() => {
      status.value = "ready";
      batch(() => {
        message.value = "Welcome";
        status.value = "closed";
      });
      expect(seen.runs).toEqual(["loading|"]); // the inner batch ended, not the outer
      return 42;
    });
    expect(answer).toBe(42);
    expect(seen.runs).toEqual(["loading|", "closed|Welcome"]);
    seen.dispose();
  });

  it("reads inside a batch see the writes made so far, computeds included", () => {
    const a = signal(1);
    const double = computed(() => a.value * 2);
    batch(() => {
      a.value = 5;
      expect(double.value).toBe(10);
    });
  });

  it("still runs the effects when its function throws", () => {
    const count = signal(0);
    const seen = record(() => count.value);
    expect(() =>
      batch(() => {
        count.value = 1;
        throw new Error("half done");
      }),
    ).toThrow("half done");
    expect(seen.runs).toEqual([0, 1]);
    seen.dispose();
  });
});

describe("consistency", () => {
  it("a diamond (a → b, a → c, d = b + c): an effect on d runs once per write and never sees a mixed state", () => {
    const a = signal(1);
    const b = computed(() => a.value * 10);
    const c = computed(() => a.value * 100);
    let dRuns = 0;
    const d = computed(() => {
      dRuns++;
      return b.value + c.value;
    });
    const seen = record(() => ({ a: a.value, d: d.value }));
    a.value = 2;
    a.value = 3;
    expect(seen.runs).toEqual([
      { a: 1, d: 110 },
      { a: 2, d: 220 },
      { a: 3, d: 330 },
    ]);
    expect(dRuns).toBe(3);
    for (const run of seen.runs) expect(run.d).toBe(run.a * 110);
    seen.dispose();
  });

  it("an effect reading a computed and its source sees both after a batch, consistent", () => {
    const values = signal<Record<string, string>>({ email: "" });
    const errors = signal<Record<string, string>>({ email: "Enter an email address." });
    const valid = computed(() => Object.keys(errors.value).length === 0);
    const seen = record(() => `${values.value.email}:${valid.value}:${Object.keys(errors.value).join()}`);
    batch(() => {
      values.value = { email: "ann@example.com" };
      errors.value = {};
    });
    expect(seen.runs).toEqual([":false:email", "ann@example.com:true:"]);
    seen.dispose();
  });
});
