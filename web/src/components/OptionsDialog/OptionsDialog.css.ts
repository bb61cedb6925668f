import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const choice = style({
  display: "flex",
  flexDirection: "column",
  gap: 8,
  padding: 12,
  borderRadius: vars.radius.md,
  border: `2px solid ${vars.color.border}`,
  cursor: "pointer",
  flex: "1 1 200px",
  selectors: { "&:focus-within": { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 } },
});
export const checked = style({ borderColor: vars.color.gold });
export const choiceHead = style({ display: "flex", gap: 8, alignItems: "center", fontWeight: 700 });
export const preview = style({ display: "flex", gap: 6 });
export const setting = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 12, marginBottom: 16 });
export const explain = style({ fontSize: 14, color: vars.color.muted });
export const fieldset = style({ border: "none", padding: 0, margin: 0 });
export const legend = style({ fontWeight: 700, marginBottom: 8 });
export const choices = style({ display: "flex", gap: 12, flexWrap: "wrap" });
export const speeds = style({ display: "flex", gap: 8 });
export const speed = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 6,
  padding: "6px 12px",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  cursor: "pointer",
});
