import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { showToast, toast } from "../../state/toasts";
import { Toasts } from "./Toasts";

describe("Toasts", () => {
  afterEach(() => {
    vi.useRealTimers();
    toast.value = null;
  });

  it("shows one toast at a time and dismisses it after 5000 ms", () => {
    vi.useFakeTimers();
    render(<Toasts />);
    act(() => void showToast({ title: "First" }));
    act(() => void showToast({ title: "Error", description: "Failed to draw card", variant: "destructive" }));
    expect(screen.getAllByTestId("toast")).toHaveLength(1);
    expect(screen.getByRole("alert").textContent).toContain("Failed to draw card");
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByTestId("toast")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId("toast")).toBeNull();
  });

  it("closes on its button", () => {
    render(<Toasts />);
    act(() => void showToast({ title: "Hello" }));
    fireEvent.click(screen.getByRole("button", { name: "Close notification" }));
    expect(screen.queryByTestId("toast")).toBeNull();
  });
});
