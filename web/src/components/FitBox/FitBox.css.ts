import { style } from "@vanilla-extract/css";

/**
 * A box of the fixed table that its content never leaves: the content is laid out wider when
 * it must shrink, then scaled down (the inner box's width and transform are set by FitBox.tsx).
 */
/**
 * Size and layout containment make the box a relayout boundary: the layouts FitBox forces while
 * it tries scales lay out this box's content only, not the whole table (its size comes from the
 * table's grid, never from its content, which is absolutely placed anyway).
 */
export const outer = style({ position: "relative", minWidth: 0, minHeight: 0, height: "100%", width: "100%", contain: "size layout" });
export const inner = style({
  position: "absolute",
  top: 0,
  left: 0,
  width: "100%",
  transformOrigin: "top left",
});
