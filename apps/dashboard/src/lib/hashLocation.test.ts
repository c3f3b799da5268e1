import { afterEach, describe, expect, it } from "vitest";
import { currentHashAnchor, currentHashPath, currentHashSearch, navigate } from "./hashLocation.js";

afterEach(() => history.replaceState(null, "", "/"));

describe("hash location", () => {
  it("keeps the query inside the hash, apart from the path", () => {
    history.replaceState(null, "", "/#/forgotPassword?token=abc");
    expect(currentHashPath()).toBe("/forgotPassword");
    expect(currentHashSearch()).toBe("token=abc");
  });

  it("reads the root, a missing hash and an anchor", () => {
    history.replaceState(null, "", "/");
    expect(currentHashPath()).toBe("/");
    history.replaceState(null, "", "/#/settings#plan");
    expect(currentHashPath()).toBe("/settings");
    expect(currentHashAnchor()).toBe("plan");
  });

  it("navigates with the query in the hash and announces it", () => {
    let heard = 0;
    const listener = () => heard++;
    addEventListener("hashchange", listener);
    navigate("/leads?page=2");
    removeEventListener("hashchange", listener);
    expect(location.hash).toBe("#/leads?page=2");
    expect(location.search).toBe("");
    expect(heard).toBe(1);
  });
});
