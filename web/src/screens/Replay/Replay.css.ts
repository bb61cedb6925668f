import { style } from "@vanilla-extract/css";
import { SHELL } from "../../components/TableLayout/TableLayout.css";
import { vars } from "../../theme/vars.css";

/** Like the game page: a shell of fixed rows on wide screens (the bar, then the table and the log). */
export const page = style({
  minHeight: "100dvh",
  display: "flex",
  flexDirection: "column",
  "@media": { [SHELL]: { height: "100dvh", overflow: "hidden" } },
});
export const bar = style({
  display: "flex",
  alignItems: "center",
  gap: 8,
  flexWrap: "wrap",
  padding: "8px clamp(8px, 2vw, 20px)",
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.panel,
});
export const title = style({ fontFamily: vars.font.display, fontSize: 20, margin: 0, marginRight: "auto", color: vars.color.gold });
export const counter = style({ fontVariantNumeric: "tabular-nums", minWidth: "9em", textAlign: "center" });
export const slider = style({ flex: "1 1 160px", maxWidth: 320, accentColor: vars.color.gold });
export const body = style({
  flex: 1,
  display: "flex",
  minHeight: 0,
  "@media": { "(max-width: 899px)": { flexDirection: "column" } },
});
export const table = style({ flex: 1, display: "flex", flexDirection: "column", minWidth: 0, minHeight: 0 });
export const aside = style({
  width: 320,
  flexShrink: 0,
  display: "flex",
  flexDirection: "column",
  gap: 10,
  padding: 10,
  borderLeft: `1px solid ${vars.color.border}`,
  background: "rgba(0,0,0,.18)",
  overflowY: "auto",
  "@media": { "(max-width: 899px)": { width: "auto", borderLeft: "none", borderTop: `1px solid ${vars.color.border}` } },
});
export const heading = style({ fontSize: 14, textTransform: "uppercase", letterSpacing: ".06em", color: vars.color.muted, margin: "4px 0" });
export const log = style({ listStyle: "none", margin: 0, padding: 0, maxHeight: 320, overflowY: "auto", fontSize: 13 });
export const move = style({
  display: "block",
  width: "100%",
  textAlign: "left",
  padding: "3px 6px",
  border: "none",
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.text,
  cursor: "pointer",
  selectors: { "&:hover": { background: vars.color.panelRaised } },
});
export const current = style({ background: vars.color.panelRaised, outline: `1px solid ${vars.color.gold}` });
export const seatRow = style({ display: "flex", alignItems: "center", gap: 8, justifyContent: "space-between" });
export const hand = style({ display: "flex", flexWrap: "wrap", gap: 4, marginTop: 4 });
export const players = style({ display: "flex", gap: 6, flexWrap: "wrap", alignItems: "center", fontSize: 14 });
export const center = style({ display: "grid", placeItems: "center", minHeight: "60dvh", padding: 16, textAlign: "center" });
