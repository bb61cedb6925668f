import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const summary = style({
  margin: "0 0 12px",
  padding: "12px 16px",
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.panelRaised,
  textAlign: "center",
});
export const title = style({ margin: 0, fontFamily: vars.font.display, fontSize: 18, color: vars.color.muted });
export const change = style({ display: "block", fontSize: 36, fontWeight: 800, lineHeight: 1.2 });
export const up = style({ color: vars.color.ok });
export const down = style({ color: vars.color.danger });
export const flat = style({ color: vars.color.text });
export const now = style({ margin: "2px 0 0", overflowWrap: "anywhere" });
export const others = style({
  listStyle: "none",
  padding: 0,
  margin: "10px 0 0",
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "center",
  gap: "4px 14px",
  fontSize: 14,
  color: vars.color.muted,
});
export const other = style({ overflowWrap: "anywhere" });
