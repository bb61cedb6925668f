import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const page = style({ maxWidth: 860, margin: "0 auto", padding: "16px 16px 40px" });
export const head = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: 12, marginBottom: 16 });
export const code = style({
  fontFamily: "ui-monospace, monospace",
  fontSize: 28,
  fontWeight: 800,
  letterSpacing: 4,
  color: vars.color.gold,
});
export const columns = style({ display: "grid", gap: 12, gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 260px), 1fr))" });
export const slots = style({ listStyle: "none", padding: 0, margin: 0, display: "flex", flexDirection: "column", gap: 10 });
export const slot = style({
  display: "flex",
  alignItems: "center",
  gap: 12,
  padding: 12,
  minHeight: 64,
  borderRadius: 12,
  background: vars.color.panelRaised,
  border: `1px solid ${vars.color.border}`,
});
export const emptySlot = style({ borderStyle: "dashed", color: vars.color.muted, background: "transparent" });
export const draggable = style({ cursor: "grab" });
export const dropTarget = style({ borderColor: vars.color.gold, boxShadow: `0 0 0 2px ${vars.color.gold}` });
export const avatar = style({
  width: 40,
  height: 40,
  borderRadius: "50%",
  display: "grid",
  placeItems: "center",
  fontWeight: 800,
  background: vars.color.gold,
  color: "#231a02",
  flex: "0 0 auto",
});
export const actions = style({ display: "flex", flexWrap: "wrap", gap: 10, marginTop: 20 });
export const who = style({ flex: 1, minWidth: 0 });
export const playerName = style({ display: "block", overflow: "hidden", textOverflow: "ellipsis" });
export const small = style({ fontSize: 13 });
export const swap = style({
  maxWidth: 110,
  minHeight: 32,
  background: "#0c140f",
  color: "inherit",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});
export const emptyAvatar = style({ background: "transparent", border: `2px dashed ${vars.color.border}` });
export const title = style({ margin: 0 });
export const inline = style({ display: "flex", alignItems: "center", gap: 8 });
export const modePanel = style({ marginBottom: 16 });
export const modeRow = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 12, flexWrap: "wrap" });
export const segments = style({ display: "inline-flex", gap: 4, background: "#0c140f", padding: 4, borderRadius: vars.radius.md });
export const teamTitle = style({ fontSize: 18 });
