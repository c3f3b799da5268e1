import { createElement, useEffect, useId, useRef, useState } from "react";
import type { Runtime } from "../ui/runtime.js";

/** React's pieces for the shared components: the one file of this entry that imports React. */
export const reactRuntime: Runtime = {
  h: createElement as Runtime["h"],
  useState: useState as Runtime["useState"],
  useEffect,
  useRef: useRef as Runtime["useRef"],
  useId,
  textInput: "onChange",
};
