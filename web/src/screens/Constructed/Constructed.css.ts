import { style } from "@vanilla-extract/css";
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
export const side = style({ display: "flex", flexDirection: "column", gap: 12 });
export const deckList = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: 6 });
export const deckItem = style({ display: "flex", alignItems: "center", gap: 6 });
export const deckButton = style({ flex: 1, minWidth: 0, textAlign: "left", overflowWrap: "anywhere" });
export const selected = style({ outline: `2px solid ${vars.color.gold}` });
export const dropZone = style({ border: `2px dashed ${vars.color.border}`, borderRadius: vars.radius.md, padding: 10 });
export const dropOver = style({ borderColor: vars.color.gold });
export const entry = style({ display: "flex", alignItems: "center", gap: 6, justifyContent: "space-between" });
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
