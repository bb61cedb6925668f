import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const page = style({ maxWidth: 1080, margin: "0 auto", padding: "12px 16px 40px" });
export const topBar = style({ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 8, marginBottom: 16 });
export const header = style({ display: "flex", alignItems: "center", gap: 16, marginBottom: 20, flexWrap: "wrap" });
export const nameBlock = style({ minWidth: 0, flex: "1 1 200px" });
export const picture = style({ display: "flex", alignItems: "center", gap: 12, flexWrap: "wrap", marginBottom: 12 });
export const pictureControls = style({ display: "flex", alignItems: "center", gap: 8, flexWrap: "wrap" });
export const name = style({ fontFamily: vars.font.display, fontSize: "clamp(24px, 7vw, 30px)", margin: 0, overflowWrap: "anywhere" });
export const email = style({ color: vars.color.muted, margin: "2px 0 0", overflowWrap: "anywhere" });
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
/** A Recent Matches row: the same columns in every row (badge, kind, facts, rating); on a phone
 * the facts go under the first line. */
export const match = style({
  display: "grid",
  gridTemplateColumns: "56px 150px minmax(0, 1fr) 96px auto",
  gridTemplateAreas: '"badge kind facts rating replay"',
  alignItems: "center",
  gap: 12,
  padding: "10px 12px",
  borderRadius: vars.radius.md,
  background: vars.color.bg,
  border: `1px solid ${vars.color.border}`,
  "@media": {
    "(max-width: 700px)": {
      gridTemplateColumns: "56px minmax(0, 1fr) 84px",
      gridTemplateAreas: '"badge kind rating" "facts facts facts" "replay replay replay"',
      rowGap: 8,
    },
  },
});
/** The row's replay link: its own column, its own line on a narrow screen. */
export const replay = style({ gridArea: "replay", justifySelf: "start" });
export const placeBadge = style({
  gridArea: "badge",
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
  gridArea: "kind",
  minWidth: 0,
  overflowWrap: "anywhere",
  fontSize: 13,
  fontWeight: 600,
  color: vars.color.muted,
  textTransform: "uppercase",
  letterSpacing: ".04em",
});
export const kindRanked = style([kind, { color: vars.color.gold }]);
export const matchFacts = style({
  gridArea: "facts",
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(112px, 1fr))",
  gap: "4px 14px",
  fontSize: 14,
  minWidth: 0,
});
export const fact = style({ overflowWrap: "anywhere" });
const rating = style({ gridArea: "rating", textAlign: "right", whiteSpace: "nowrap" });
export const ratingUp = style([rating, { color: vars.color.ok, fontWeight: 600 }]);
export const ratingDown = style([rating, { color: vars.color.danger, fontWeight: 600 }]);
export const ratingFlat = style([rating, { color: vars.color.muted }]);
export const form = style({ display: "grid", gap: 4, gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 240px), 1fr))", columnGap: 12 });
export const formActions = style({ display: "flex", gap: 8, flexWrap: "wrap", alignItems: "center" });
export const note = style({ fontSize: 14, color: vars.color.muted });
export const error = style({ fontSize: 14, color: "#ffd5d8" });
export const subform = style({ marginTop: 16, paddingTop: 12, borderTop: `1px solid ${vars.color.border}` });
