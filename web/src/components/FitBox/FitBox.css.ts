import { style } from "@vanilla-extract/css";

/**
 * A box of the fixed table that its content never leaves: the content is laid out wider when
 * it must shrink, then scaled down (the custom properties are set by FitBox.tsx).
 */
export const outer = style({ position: "relative", minWidth: 0, minHeight: 0, height: "100%", width: "100%" });
export const inner = style({
  position: "absolute",
  top: 0,
  left: 0,
  width: "var(--fit-width, 100%)",
  transform: "scale(var(--fit-scale, 1))",
  transformOrigin: "top left",
});
