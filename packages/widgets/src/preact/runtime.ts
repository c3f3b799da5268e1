import { h } from "preact";
import { useEffect, useId, useRef, useState } from "preact/hooks";
import type { Runtime } from "../ui/runtime.js";

/** Preact's pieces for the shared components: the one file of this entry that imports Preact. */
export const preactRuntime: Runtime = {
  h: h as Runtime["h"],
  useState: useState as Runtime["useState"],
  useEffect,
  useRef: useRef as Runtime["useRef"],
  useId,
  textInput: "onInput",
};
