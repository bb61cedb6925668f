import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const tabs = style({ display: "grid", gridTemplateColumns: "repeat(3, 1fr)", gap: 4, marginBottom: 16, background: "#0c140f", padding: 4, borderRadius: 10 });
export const tab = style({
  minHeight: 38,
  border: "none",
  borderRadius: 8,
  background: "transparent",
  color: vars.color.muted,
  fontWeight: 700,
  cursor: "pointer",
  selectors: { "&[aria-selected='true']": { background: vars.color.panelRaised, color: vars.color.gold } },
});
export const list = style({ listStyle: "none", padding: 0, margin: 0, display: "flex", flexDirection: "column", gap: 8 });
export const item = style({
  display: "flex",
  alignItems: "center",
  gap: 12,
  padding: "10px 12px",
  borderRadius: 10,
  background: vars.color.panelRaised,
  border: `1px solid ${vars.color.border}`,
});
export const code = style({ fontFamily: "ui-monospace, monospace", fontWeight: 800, color: vars.color.gold, letterSpacing: 1 });
export const segmented = style({ display: "inline-flex", gap: 4, background: "#0c140f", padding: 4, borderRadius: 10 });
export const segment = style({
  minHeight: 34,
  minWidth: 64,
  border: "none",
  borderRadius: 8,
  background: "transparent",
  color: vars.color.muted,
  fontWeight: 700,
  cursor: "pointer",
  selectors: { "&[aria-checked='true'], &[aria-pressed='true']": { background: vars.color.gold, color: "#231a02" } },
});
export const wide = style({ width: "100%" });
export const itemText = style({ flex: 1, minWidth: 0 });
export const small = style({ fontSize: 14 });
export const codeInput = style({ fontFamily: "ui-monospace, monospace", letterSpacing: 2 });
