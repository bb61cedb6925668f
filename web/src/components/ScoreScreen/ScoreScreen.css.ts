import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const screen = style({ maxWidth: 900, margin: "0 auto", padding: 16 });
export const result = style({
  textAlign: "center",
  padding: "12px 16px",
  marginBottom: 12,
  borderRadius: vars.radius.lg,
  border: `2px solid ${vars.color.gold}`,
  background: "rgba(226,180,60,.12)",
});
export const resultLost = style({ borderColor: vars.color.border, background: "rgba(0,0,0,.2)" });
export const resultTitle = style({ margin: 0, fontSize: "clamp(24px, 6vw, 34px)", color: vars.color.gold });
export const resultText = style({ margin: "4px 0 0" });
export const heading = style({ textAlign: "center", color: vars.color.gold });
export const centered = style({ textAlign: "center" });
export const countdown = style({ textAlign: "center", fontSize: 18 });
export const list = style({ listStyle: "none", padding: 0, display: "flex", flexDirection: "column", gap: 6 });
export const row = style({
  display: "flex",
  alignItems: "center",
  gap: 10,
  padding: "10px 12px",
  borderRadius: vars.radius.md,
  background: "rgba(0,0,0,.2)",
  border: `1px solid ${vars.color.border}`,
});
export const winnerRow = style({ background: "rgba(226,180,60,.18)", borderColor: vars.color.gold });
export const name = style({ flex: 1 });
export const crown = style({ color: vars.color.gold, verticalAlign: "middle", marginRight: 4 });
export const chips = style({ listStyle: "none", padding: 0, display: "flex", gap: 8, flexWrap: "wrap" });
export const history = style({ paddingLeft: 20, listStyle: "disc" });
export const historyItem = style({ marginBottom: 4 });
export const readyGrid = style({ listStyle: "none", padding: 0, display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(190px, 1fr))", gap: 8 });
/** A name and its state: the name gives way (ellipsis), the badge keeps its room and a gap. */
export const readyItem = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: 10,
  minWidth: 0,
  padding: "8px 10px",
  borderRadius: vars.radius.sm,
  background: "rgba(0,0,0,.2)",
});
export const readyName = style({ minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });
export const readyBadge = style({ flex: "none" });
export const readyButton = style({ width: "100%", marginTop: 8 });
export const home = style({ textAlign: "center", marginTop: 12 });
export const tableWrap = style({ overflowX: "auto", margin: "8px 0" });
/** The points table: players in rows, kinds of points in columns, totals last. */
export const table = style({ width: "100%", borderCollapse: "separate", borderSpacing: "0 4px", fontVariantNumeric: "tabular-nums" });
export const caption = style({ textAlign: "left", color: vars.color.muted, fontSize: 13, paddingBottom: 4 });
globalStyle(`${table} th, ${table} td`, { padding: "8px 8px", textAlign: "right", background: "rgba(0,0,0,.2)", whiteSpace: "nowrap" });
globalStyle(`${table} thead th`, { background: "transparent", fontSize: 12, color: vars.color.muted, fontWeight: 600, whiteSpace: "normal", verticalAlign: "bottom" });
globalStyle(`${table} thead th:first-child`, { textAlign: "left" });
globalStyle(`${table} th[scope=row]`, { textAlign: "left" });
globalStyle(`${winnerRow} > *`, { background: "rgba(226,180,60,.18)" });
export const total = style({ fontWeight: 700 });
export const team = style({ marginLeft: 8 });
