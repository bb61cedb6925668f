import { useLayoutEffect, useRef, type ReactNode } from "react";
import * as s from "./FitBox.css";

/** The smallest scale tried: below it a kingdom would no longer be legible. */
const MIN_SCALE = 0.3;

/**
 * Shrinks its content to fit the box it is given (a seat's kingdom, your kingdom): the content
 * is laid out at width W / k and scaled by k, the largest k (at most 1) whose height fits. The
 * fixed table never scrolls; a crowded kingdom gets smaller instead.
 */
export function FitBox({ children, className, testId, fitKey }: { children: ReactNode; className?: string; testId?: string; fitKey?: string }) {
  const outer = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const fit = useRef<() => void>(() => undefined);
  fit.current = () => {
    const o = outer.current;
    const i = inner.current;
    if (!o || !i) return;
    const width = o.clientWidth;
    const height = o.clientHeight;
    if (!width || !height) return;
    // The inner box's own style, not a custom property of the outer one: a change restyles
    // that one element, not every card inside.
    const heightAt = (k: number) => {
      i.style.width = `${width / k}px`;
      return i.scrollHeight;
    };
    // The scale found last time is tried first: usually it still fits and a step larger does
    // not (two layouts instead of a search).
    const prev = Number(o.dataset.scale ?? "1");
    if (prev < 1 && heightAt(prev) * prev <= height && heightAt(Math.min(1, prev + 0.05)) * Math.min(1, prev + 0.05) > height) {
      heightAt(prev);
      return;
    }
    let k = 1;
    if (heightAt(1) > height) {
      // Binary search on the scale: a few layouts of one seat.
      let lo = MIN_SCALE;
      let hi = 1;
      for (let step = 0; step < 6; step++) {
        const mid = (lo + hi) / 2;
        if (heightAt(mid) * mid <= height) lo = mid;
        else hi = mid;
      }
      k = lo;
      heightAt(k);
    }
    i.style.transform = k < 1 ? `scale(${k})` : "";
    o.dataset.scale = k.toFixed(2);
  };
  // When the content changes (its fitKey, if given: a kingdom's cards) and whenever the box
  // changes size.
  const trigger = fitKey ?? children;
  useLayoutEffect(() => fit.current(), [trigger]);
  useLayoutEffect(() => {
    const o = outer.current;
    if (!o || typeof ResizeObserver === "undefined") return;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => fit.current());
    });
    observer.observe(o);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, []);
  return (
    <div ref={outer} className={[s.outer, className].filter(Boolean).join(" ")} data-testid={testId}>
      <div ref={inner} className={s.inner}>
        {children}
      </div>
    </div>
  );
}
