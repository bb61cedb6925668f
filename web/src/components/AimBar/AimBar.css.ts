import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

/** The aim bar: a strip of the dock (never over the table), with the choices as a keyboard list. */
export const bar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: 8,
  padding: "6px 10px",
  borderRadius: vars.radius.md,
  background: vars.color.panelRaised,
  border: `1px solid ${vars.color.danger}`,
});
export const prompt = style({ margin: 0, fontSize: 14, flex: "1 1 260px", minWidth: 0 });
export const title = style({ fontFamily: vars.font.display, color: vars.color.gold, marginRight: 8 });
export const options = style({ listStyle: "none", padding: 0, margin: 0, display: "flex", flexWrap: "wrap", gap: 6, maxHeight: "7.5em", overflowY: "auto" });
export const option = style({ minHeight: 34, padding: "2px 10px", gap: 6, fontSize: 13 });
export const narrowed = style({ boxShadow: `0 0 0 2px ${vars.color.danger}` });
