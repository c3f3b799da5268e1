import { Component, h, type ComponentType } from "preact";
import type { Runtime } from "../ui/runtime.js";

/*
 * The hooks the shared components use (useState, useEffect, useRef, useId), kept on a Preact class
 * component instead of `preact/hooks`: embed.js renders one component, so this small version spares
 * the script tag about 1 KB gzip. Each hook takes the next slot of the component rendering now.
 */

type Effect = () => void | (() => void);
/** An effect's slot: its deps, the effect to run after this render, the cleanup of the last run. */
interface EffectSlot {
  deps_?: readonly unknown[];
  run_?: Effect | 0;
  cleanup_?: void | (() => void);
}
type Props = Record<string, unknown>;

/**
 * A component of the embed: its hook slots, in call order. (Its own fields end in `_`: embed.js's
 * build mangles such names.)
 */
class Host extends Component<Props> {
  declare view_: (props: Props) => unknown;
  declare slots_: unknown[];
  /** Renders the view, its hooks taking this component's slots from the first. */
  override render(props: Props) {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the hooks read the component rendering now
    rendering = this;
    index = 0;
    this.slots_ ??= [];
    return this.view_(props) as ReturnType<Component["render"]>;
  }
  /** Runs the effects this render asked for, each after the cleanup of its last run. */
  override componentDidMount() {
    for (const slot of this.slots_ as EffectSlot[]) {
      if (slot.run_) {
        slot.cleanup_?.();
        slot.cleanup_ = slot.run_();
        slot.run_ = 0;
      }
    }
  }
  override componentDidUpdate() {
    this.componentDidMount();
  }
  override componentWillUnmount() {
    for (const slot of this.slots_ as EffectSlot[]) slot.cleanup_?.();
  }
}

let rendering: Host;
let index = 0;
let ids = 0;
/** The next hook slot of the component rendering now, made by `create` on its first render. */
const next = <T>(create: () => T): T => (rendering.slots_[index++] ??= create()) as T;

/**
 * Preact's `h` and the small hooks above, for `registrationFormComponent(liteRuntime)` and the like.
 * A component built on it must be wrapped with {@link liteComponent} before Preact renders it.
 *
 * @example
 * const Form = liteComponent(registrationFormComponent(liteRuntime));
 * render(h(Form, { timelineId, apiURL }), shadowRoot);
 */
export const liteRuntime: Runtime = {
  h: h as Runtime["h"],
  useState<S>(initial: S | (() => S)) {
    const host = rendering;
    return next(() => {
      const state: [S, (value: S | ((previous: S) => S)) => void] = [
        typeof initial === "function" ? (initial as () => S)() : initial,
        (value) => {
          state[0] = typeof value === "function" ? (value as (previous: S) => S)(state[0]) : value;
          host.forceUpdate();
        },
      ];
      return state;
    });
  },
  useEffect(effect: Effect, deps?: readonly unknown[]) {
    const slot = next<EffectSlot>(() => ({}));
    const last = slot.deps_;
    if (!last || !deps?.every((dep, i) => dep === last[i])) {
      slot.deps_ = deps;
      slot.run_ = effect;
    }
  },
  useRef: (current) => next(() => ({ current })),
  useId: () => next(() => `cp${ids++}`),
  textInput: "onInput",
};

/**
 * Makes a Preact component of a function written against {@link liteRuntime}.
 *
 * @example
 * render(h(liteComponent(registrationFormComponent(liteRuntime)), props), element);
 */
/* @__NO_SIDE_EFFECTS__ */
export function liteComponent<P>(view: (props: P) => unknown): ComponentType<P> {
  const Lite = class extends Host {};
  Lite.prototype.view_ = view as (props: Props) => unknown;
  return Lite as unknown as ComponentType<P>;
}
