import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const page = style({ maxWidth: 1080, margin: "0 auto", padding: "12px 16px 40px" });
export const topBar = style({ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 8, marginBottom: 16 });
export const header = style({ display: "flex", alignItems: "center", gap: 16, marginBottom: 20, flexWrap: "wrap" });
export const avatar = style({
  width: 72,
  height: 72,
  borderRadius: "50%",
  objectFit: "cover",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  background: vars.color.felt,
  border: `2px solid ${vars.color.gold}`,
  color: vars.color.gold,
  fontFamily: vars.font.display,
  fontSize: 30,
  fontWeight: 700,
});
export const name = style({ fontFamily: vars.font.display, fontSize: 30, margin: 0 });
export const email = style({ color: vars.color.muted, margin: "2px 0 0" });
export const cards = style({
  display: "grid",
  gap: 12,
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 180px), 1fr))",
  marginBottom: 16,
});
export const statCard = style({
  background: `linear-gradient(160deg, ${vars.color.panelRaised}, ${vars.color.panel})`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: 14,
  boxShadow: vars.shadow.card,
});
export const statLabel = style({ color: vars.color.muted, fontSize: 13, textTransform: "uppercase", letterSpacing: 1 });
export const statValue = style({ fontFamily: vars.font.display, fontSize: 30, fontWeight: 700, color: vars.color.gold, margin: "4px 0" });
export const statSub = style({ color: vars.color.muted, fontSize: 13 });
export const sectionTitle = style({ fontFamily: vars.font.display, fontSize: 22, margin: "0 0 4px" });
export const sectionSub = style({ color: vars.color.muted, margin: "0 0 12px", fontSize: 14 });
export const achievements = style({ display: "grid", gap: 8, gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 140px), 1fr))" });
export const achievement = style({ display: "flex", justifyContent: "space-between", gap: 8, padding: "8px 10px", borderRadius: vars.radius.md, background: vars.color.bg });
export const block = style({ marginBottom: 16 });
export const matchList = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: 8 });
export const match = style({
  display: "flex",
  alignItems: "center",
  gap: 12,
  flexWrap: "wrap",
  padding: "10px 12px",
  borderRadius: vars.radius.md,
  background: vars.color.bg,
  border: `1px solid ${vars.color.border}`,
});
export const placeBadge = style({
  minWidth: 48,
  textAlign: "center",
  padding: "4px 8px",
  borderRadius: 999,
  fontWeight: 700,
  background: vars.color.panelRaised,
  border: `1px solid ${vars.color.border}`,
});
export const winBadge = style([placeBadge, { background: vars.color.ok, color: "#062615", borderColor: "#227a50" }]);
export const kind = style({
  minWidth: 96,
  fontSize: 13,
  fontWeight: 600,
  color: vars.color.muted,
  textTransform: "uppercase",
  letterSpacing: ".04em",
});
export const kindRanked = style([kind, { color: vars.color.gold }]);
export const matchFacts = style({ display: "flex", gap: 14, flexWrap: "wrap", flex: 1, fontSize: 14 });
export const ratingUp = style({ color: vars.color.ok, fontWeight: 600 });
export const ratingDown = style({ color: vars.color.danger, fontWeight: 600 });
export const ratingFlat = style({ color: vars.color.muted });
export const form = style({ display: "grid", gap: 4, gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 240px), 1fr))", columnGap: 12 });
export const formActions = style({ display: "flex", gap: 8, flexWrap: "wrap", alignItems: "center" });
export const note = style({ fontSize: 14, color: vars.color.muted });
export const error = style({ fontSize: 14, color: "#ffd5d8" });
export const subform = style({ marginTop: 16, paddingTop: 12, borderTop: `1px solid ${vars.color.border}` });
