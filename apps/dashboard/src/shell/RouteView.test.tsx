import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../App.js";

afterEach(() => {
  cleanup();
  document.cookie = "XSRF-TOKEN=; max-age=0; path=/";
  history.replaceState(null, "", "/");
});

async function renderAt(hash: string) {
  history.replaceState(null, "", `/${hash}`);
  render(<App />);
  await act(async () => {});
}

describe("RouteView", () => {
  it("answers an unmatched path with 404 'Page not found: {path}'", async () => {
    await renderAt("#/no/such/page");
    expect(await screen.findByText("Page not found: /no/such/page")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Page Not Found");
    expect(document.title).toBe("Page Not Found · Cuepoint");
  });

  it("sends a visitor of an auth route to /login, and /upcoming to / (then /login)", async () => {
    await renderAt("#/leads");
    expect(await screen.findByRole("heading", { name: "Log in" })).toBeTruthy();
    expect(location.hash).toBe("#/login");
    cleanup();
    await renderAt("#/upcoming");
    expect(await screen.findByRole("heading", { name: "Log in" })).toBeTruthy();
    expect(location.hash).toBe("#/login");
  });

  it("shows an unguarded route to a visitor with its title", async () => {
    await renderAt("#/forgotPassword");
    expect(await screen.findByRole("heading", { name: "Reset your password" })).toBeTruthy();
    expect(document.title).toBe("Reset your password · Cuepoint");
  });
});
