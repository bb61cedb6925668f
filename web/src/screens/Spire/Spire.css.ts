import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const page = style({ maxWidth: 960, margin: "0 auto", padding: 16, display: "grid", gap: 16 });
export const header = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 8, flexWrap: "wrap" });
export const title = style({ fontFamily: vars.font.display, margin: 0 });
export const banner = style({
  background: vars.color.panelRaised,
  border: `1px solid ${vars.color.gold}`,
  borderRadius: vars.radius.md,
  padding: 12,
});
export const grid = style({ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(180px, 1fr))", gap: 12 });
export const stat = style({ display: "grid", gap: 4, textAlign: "center" });
export const statValue = style({ fontSize: 28, fontWeight: 700, color: vars.color.gold });
export const suitCard = style({
  display: "grid",
  gap: 8,
  justifyItems: "center",
  padding: 12,
  borderRadius: vars.radius.md,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.panel,
  color: vars.color.text,
  cursor: "pointer",
  font: "inherit",
});
export const suitChosen = style({ borderColor: vars.color.gold, boxShadow: `0 0 0 2px ${vars.color.gold}` });
export const bar = style({
  appearance: "none",
  height: 12,
  minWidth: 160,
  border: "none",
  borderRadius: 6,
  overflow: "hidden",
  background: vars.color.feltDark,
  accentColor: vars.color.danger,
  selectors: {
    "&::-webkit-progress-bar": { background: vars.color.feltDark },
    "&::-webkit-progress-value": { background: vars.color.danger },
    "&::-moz-progress-bar": { background: vars.color.danger },
  },
});
export const topBar = style({
  position: "sticky",
  top: 0,
  zIndex: 2,
  display: "flex",
  gap: 16,
  alignItems: "center",
  flexWrap: "wrap",
  padding: 12,
  background: vars.color.panel,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const mapScroll = style({
  overflowY: "auto",
  maxHeight: "70dvh",
  background: `radial-gradient(${vars.color.felt}, ${vars.color.feltDark})`,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
});
export const mapSvg = style({ display: "block", width: "100%", height: "auto" });
export const path = styleVariants({
  base: { stroke: vars.color.muted, strokeWidth: 2, strokeDasharray: "5 5", opacity: 0.5 },
  taken: { stroke: vars.color.gold, strokeWidth: 3, opacity: 0.9 },
});
export const node = styleVariants({
  base: { fill: vars.color.panelRaised, stroke: vars.color.border, strokeWidth: 2 },
  accessible: { fill: vars.color.panelRaised, stroke: vars.color.gold, strokeWidth: 3, cursor: "pointer" },
  completed: { fill: vars.color.feltDark, stroke: vars.color.ok, strokeWidth: 2, opacity: 0.8 },
  current: { fill: vars.color.gold, stroke: vars.color.focus, strokeWidth: 4 },
});
export const nodeIcon = style({ fontSize: 18, pointerEvents: "none", userSelect: "none" });
export const overlay = style({
  position: "fixed",
  inset: 0,
  zIndex: 10,
  display: "grid",
  placeItems: "center",
  background: "rgba(0,0,0,.6)",
  padding: 16,
});
/** The layout inside the map's dialogs (the shared Dialog draws the frame). */
export const dialogBody = style({ display: "grid", gap: 12 });
export const relicFound = style({
  display: "grid",
  gap: 4,
  padding: 12,
  border: `1px solid ${vars.color.gold}`,
  borderRadius: vars.radius.md,
  background: vars.color.panelRaised,
});
export const relicName = style({ fontSize: 20, color: vars.color.gold });
export const cards = style({ display: "flex", gap: 8, flexWrap: "wrap", alignItems: "flex-end" });
export const offer = style({ display: "grid", gap: 4, justifyItems: "center" });
export const relicList = style({ display: "grid", gap: 6, margin: 0, padding: 0, listStyle: "none" });
export const gallery = style({ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(90px, 1fr))", gap: 12 });
export const zoom = style({ width: "min(60vw, 260px)" });
globalStyle(`${zoom} > *`, { width: "100% !important" });
export const legend = style({
  display: "grid",
  gap: 8,
  padding: 12,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.panel,
});
export const legendList = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(260px, 1fr))",
  gap: 8,
  margin: 0,
  padding: 0,
  listStyle: "none",
});
export const legendItem = style({ display: "flex", gap: 8, alignItems: "flex-start" });
export const legendIcon = style({
  flex: "none",
  display: "grid",
  placeItems: "center",
  width: 28,
  height: 28,
  borderRadius: "50%",
  border: `2px solid ${vars.color.border}`,
  background: vars.color.panelRaised,
});
export const legendText = style({ display: "block", fontSize: 13, color: vars.color.muted });
export const twist = style({ color: vars.color.gold });
export const summaryPath = style({ display: "flex", gap: 6, flexWrap: "wrap", alignItems: "center", margin: 0, fontSize: 18 });
export const scoreTable = style({ borderCollapse: "collapse", minWidth: 240 });
globalStyle(`${scoreTable} td, ${scoreTable} th`, { padding: "2px 12px 2px 0", textAlign: "left" });
export const actTitle = style({ fontFamily: vars.font.display, fontSize: 26, color: vars.color.gold, margin: 0 });
export const ruleTag = style({ fontSize: 12, color: vars.color.gold, marginLeft: 4 });
export const standards = style({ display: "grid", gap: 6 });
export const standardFlying = style({ color: vars.color.gold });
