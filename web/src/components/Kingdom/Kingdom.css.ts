import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

/** Zones sit side by side and wrap: no zone is wider than its cards. */
export const kingdom = style({ display: "flex", flexWrap: "wrap", gap: 8, alignItems: "flex-start" });
export const zone = style({
  display: "flex",
  flexDirection: "column",
  gap: 4,
  padding: 6,
  borderRadius: vars.radius.md,
  background: "rgba(0,0,0,.18)",
  border: "1px solid rgba(255,255,255,.06)",
  minWidth: 0,
  maxWidth: "100%",
});
export const zoneLabel = style({ fontSize: 11, textTransform: "uppercase", letterSpacing: 1, color: vars.color.muted });
export const cards = style({ display: "flex", flexWrap: "wrap", gap: 6, alignItems: "flex-end", minHeight: 34 });
const combo = style({
  position: "relative",
  display: "flex",
  flexDirection: "column",
  gap: 4,
  padding: 6,
  borderRadius: vars.radius.sm,
});
/** A beast: its cards fanned, the rider sitting on their back. */
export const beast = style([combo, { border: `1px solid ${vars.color.border}`, background: "rgba(0,0,0,.2)", paddingTop: 10 }]);
/** A structure: walls (a crenellated top) around the royals inside. */
export const structure = style([
  combo,
  {
    border: `2px solid ${vars.color.goldDark}`,
    borderTop: `6px dashed ${vars.color.goldDark}`,
    background: "rgba(60,45,10,.25)",
  },
]);
export const comboName = style({ fontSize: 12, fontWeight: 700, color: vars.color.gold });
export const fan = style({ display: "flex", alignItems: "flex-end", position: "relative" });
export const fanCard = style({ selectors: { "& + &": { marginLeft: -14 } } });
/** The rider sits on the beast's back: raised, overlapping the last card, slightly turned. */
export const rider = style({
  position: "relative",
  marginLeft: -10,
  transform: "translateY(-10px) rotate(8deg)",
  filter: "drop-shadow(0 3px 4px rgba(0,0,0,.45))",
});
export const inside = style({
  display: "flex",
  gap: 4,
  alignItems: "center",
  justifyContent: "center",
  padding: 4,
  borderRadius: vars.radius.sm,
  background: "rgba(0,0,0,.3)",
  minHeight: 30,
});
export const empty = style({ fontSize: 12, color: vars.color.muted, fontStyle: "italic" });
export const hoverCard = style({ display: "flex", flexDirection: "column", alignItems: "center", gap: 4, width: 96 });
/** A beast or structure that is a target: the whole object glows and is one button. */
export const aimedCombo = style({
  font: "inherit",
  color: "inherit",
  textAlign: "left",
  cursor: "crosshair",
  borderColor: vars.color.danger,
  boxShadow: `0 0 0 2px ${vars.color.danger}, 0 0 14px 4px rgba(217,67,79,.6)`,
  selectors: { "&:hover": { transform: "translateY(-2px)" } },
});
