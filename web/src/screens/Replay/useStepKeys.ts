import { useCallback, useEffect, useRef } from "react";

/**
 * The replay's position as the keyboard moves it: `go(n)` asks for step n (clamped to
 * 0..steps) through `show`, and the arrow, Home and End keys move on from the step asked for
 * last, not the one rendered, so keys pressed faster than the page renders are never lost.
 *
 * A render of a step asked for earlier (an older request landing between two presses) does not
 * move the count back; a step nobody here asked for (a link, the browser's Back) does: the keys
 * go on from it.
 */
export function useStepKeys(step: number, steps: number, show: (n: number) => void): (n: number) => void {
  const current = useRef(step);
  const pending = useRef<number[]>([]);
  useEffect(() => {
    const at = pending.current.indexOf(step);
    if (at >= 0) {
      pending.current = pending.current.slice(at + 1);
      if (pending.current.length === 0) current.current = step;
    } else {
      pending.current = [];
      current.current = step;
    }
  }, [step]);
  const go = useCallback(
    (n: number) => {
      const next = Math.min(Math.max(0, n), steps);
      current.current = next;
      if (pending.current.at(-1) !== next) pending.current.push(next);
      show(next);
    },
    [steps, show],
  );
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement && e.target.type !== "range") return;
      if (e.key === "ArrowRight") go(current.current + 1);
      else if (e.key === "ArrowLeft") go(current.current - 1);
      else if (e.key === "Home") go(0);
      else if (e.key === "End") go(steps);
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [go, steps]);
  return go;
}
