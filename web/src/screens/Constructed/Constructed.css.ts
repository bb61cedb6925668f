import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const page = style({ maxWidth: 1200, margin: "0 auto", padding: "12px 16px 32px" });
export const header = style({ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 8, marginBottom: 12 });
export const title = style({ color: vars.color.gold, fontFamily: vars.font.display, margin: 0 });
export const cards = style({ display: "grid", gap: 12, gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 240px), 1fr))" });
export const hubCard = style({
  display: "flex",
  flexDirection: "column",
  gap: 6,
  padding: 16,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.panelRaised,
  color: vars.color.text,
  textDecoration: "none",
  ":hover": { borderColor: vars.color.gold },
});
export const builder = style({
  display: "grid",
  gap: 16,
  gridTemplateColumns: "minmax(0, 2fr) minmax(280px, 1fr)",
  "@media": { "(max-width: 800px)": { gridTemplateColumns: "1fr" } },
});
export const filters = style({ display: "flex", gap: 8, flexWrap: "wrap", marginBottom: 12 });
export const grid = style({ display: "grid", gap: 8, gridTemplateColumns: "repeat(auto-fill, minmax(92px, 1fr))" });
export const tile = style({
  position: "relative",
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: 2,
  padding: "10px 4px",
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.cardFace,
  color: vars.color.black,
  fontWeight: 700,
  cursor: "pointer",
  selectors: { "&:disabled": { opacity: 0.45, cursor: "not-allowed" } },
});
export const red = style({ color: vars.color.red });
export const rank = style({ fontSize: 22, fontFamily: vars.font.display });
export const count = style({ fontSize: 12, fontWeight: 400, color: "#444" });
export const max = style({
  position: "absolute",
  top: 4,
  right: 4,
  fontSize: 10,
  padding: "1px 4px",
  borderRadius: 4,
  background: vars.color.gold,
  color: "#231a02",
});
export const side = style({ display: "flex", flexDirection: "column", gap: 12 });
export const deckList = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: 6 });
export const deckItem = style({ display: "flex", alignItems: "center", gap: 6 });
export const deckButton = style({ flex: 1, textAlign: "left" });
export const selected = style({ outline: `2px solid ${vars.color.gold}` });
export const dropZone = style({ border: `2px dashed ${vars.color.border}`, borderRadius: vars.radius.md, padding: 10 });
export const dropOver = style({ borderColor: vars.color.gold });
export const legal = style({ color: vars.color.ok });
export const illegal = style({ color: vars.color.danger });
export const entry = style({ display: "flex", alignItems: "center", gap: 6, justifyContent: "space-between" });
export const chart = style({ display: "flex", alignItems: "flex-end", gap: 3, height: 80, borderBottom: `1px solid ${vars.color.border}` });
export const barColumn = style({ flex: 1, display: "flex", flexDirection: "column", alignItems: "center", justifyContent: "flex-end", height: "100%", fontSize: 10 });
export const bar = style({ width: "100%", background: vars.color.gold, borderRadius: "3px 3px 0 0", minHeight: 1 });
export const barLabel = style({ fontSize: 10, color: vars.color.muted });
export const textarea = style({
  width: "100%",
  minHeight: 60,
  background: vars.color.bg,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontFamily: "monospace",
  padding: 6,
});
/** A bar's height in twentieths of the chart (0-20): the chart by rank without inline styles. */
export const barHeight = styleVariants(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [i, { height: `${i * 5}%` }])));
