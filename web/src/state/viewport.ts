/** What the screen is like: a phone (narrow) layout, and whether the player asked for less motion. */
import { signal } from "@preact/signals-react";

export const PHONE_QUERY = "(max-width: 699px)";
export const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

function watch(query: string) {
  const mq = typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia(query) : null;
  const s = signal(mq?.matches ?? false);
  mq?.addEventListener?.("change", (e) => (s.value = e.matches));
  return s;
}

/** Phones (375-430 px and up to 699 px): opponents fold into rows, the dock is a bottom sheet. */
export const phone = watch(PHONE_QUERY);
export const reducedMotion = watch(REDUCED_MOTION_QUERY);
