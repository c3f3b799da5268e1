import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ConfirmDialogHost, confirmAction } from "./Dialog.js";

afterEach(cleanup);

describe("confirmAction", () => {
  it("resolves true when confirmed and false when cancelled", async () => {
    render(<ConfirmDialogHost />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirmAction({ title: "Delete this video?", body: "It cannot be undone.", confirmLabel: "Delete" });
    });
    expect(screen.getByText("It cannot be undone.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByText("It cannot be undone.")).toBeNull();

    act(() => {
      answer = confirmAction({ title: "Delete this image?" });
    });
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await expect(answer).resolves.toBe(false);
  });

  it("settles an older question as false when a new one is asked", async () => {
    render(<ConfirmDialogHost />);
    let first: Promise<boolean> = Promise.resolve(true);
    act(() => {
      first = confirmAction({ title: "First?" });
    });
    act(() => {
      void confirmAction({ title: "Second?" });
    });
    await expect(first).resolves.toBe(false);
    expect(screen.getByText("Second?")).toBeTruthy();
  });
});
