import { renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useStepKeys } from "./useStepKeys";

const press = (key: string) => window.dispatchEvent(new KeyboardEvent("keydown", { key }));

function stepper(steps = 46) {
  const show = vi.fn<(n: number) => void>();
  const hook = renderHook(({ step }) => useStepKeys(step, steps, show), { initialProps: { step: 0 } });
  return { show, render: (step: number) => hook.rerender({ step }), unmount: hook.unmount };
}

describe("useStepKeys", () => {
  it("counts every press when renders of earlier presses land between them", () => {
    const { show, render, unmount } = stepper();
    press("ArrowRight");
    press("ArrowRight");
    render(1); // the first press's render, late
    press("ArrowRight");
    render(2);
    press("ArrowRight");
    expect(show.mock.calls.map(([n]) => n)).toEqual([1, 2, 3, 4]);
    render(3);
    render(4);
    press("ArrowLeft");
    expect(show).toHaveBeenLastCalledWith(3);
    unmount();
  });

  it("goes on from a step reached by a link", () => {
    const { show, render, unmount } = stepper();
    press("ArrowRight");
    render(1);
    render(20); // a link or the browser moved the replay
    press("ArrowRight");
    expect(show).toHaveBeenLastCalledWith(21);
    unmount();
  });

  it("stays within the replay and answers Home and End", () => {
    const { show, render, unmount } = stepper(3);
    press("ArrowLeft");
    expect(show).toHaveBeenLastCalledWith(0);
    press("End");
    expect(show).toHaveBeenLastCalledWith(3);
    render(3);
    press("ArrowRight");
    expect(show).toHaveBeenLastCalledWith(3);
    press("Home");
    render(0);
    press("ArrowRight");
    expect(show).toHaveBeenLastCalledWith(1);
    unmount();
  });
});
