import { style, styleVariants } from "@vanilla-extract/css";
import { art as tokens } from "../../theme/art.css";
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
/** A beast or structure: one object, its silhouette filling a plate, its parts placed on it. */
const combo = style({
  position: "relative",
  display: "grid",
  gridTemplateRows: "auto 1fr auto",
  gap: 2,
  padding: 4,
  borderRadius: vars.radius.md,
  background: tokens.plate,
  border: `1px solid ${tokens.plateEdge}`,
  overflow: "visible",
});
export const object = styleVariants({
  sm: [combo, { width: 84, minHeight: 78 }],
  md: [combo, { width: 112, minHeight: 104 }],
  xs: [combo, { width: 70, minHeight: 64 }],
});
export const beast = style({});
/** A structure: stone walls around the royals inside. */
export const structure = style({ borderColor: vars.color.goldDark });
/** The silhouette, behind everything placed on it. */
export const art = style({
  position: "absolute",
  inset: "12% 4% 8%",
  width: "92%",
  height: "80%",
  pointerEvents: "none",
});
export const tint = styleVariants({
  horse: { color: tokens.beast.horse },
  unicorn: { color: tokens.beast.unicorn },
  dragon: { color: tokens.beast.dragon },
  "golden-dragon": { color: tokens.beast.goldenDragon },
  "silver-dragon": { color: tokens.beast.silverDragon },
  "divine-dragon": { color: tokens.beast.divineDragon },
  castle: { color: tokens.beast.castle },
  cathedral: { color: tokens.beast.cathedral },
}) as Record<string, string>;
export const comboName = style({
  position: "relative",
  fontSize: 11,
  fontWeight: 700,
  color: vars.color.gold,
  textShadow: "0 1px 2px #000, 0 0 4px #000",
  lineHeight: 1.1,
});
/** The cards it is made of: small marks along its foot. */
export const brand = style({ position: "relative", display: "flex", flexWrap: "wrap", gap: 2, alignSelf: "end" });
export const mark = style({
  display: "inline-block",
  padding: "0 3px",
  borderRadius: 3,
  background: vars.color.cardFace,
  border: "1px solid rgba(0,0,0,.35)",
  fontSize: 11,
  fontWeight: 800,
  lineHeight: 1.35,
  boxShadow: "0 1px 2px rgba(0,0,0,.4)",
});
export const markRed = style({ color: vars.color.red });
export const markBlack = style({ color: vars.color.black });
/** The rider sits on the beast's back: high on its right, slightly turned, inside the plate. */
export const rider = style({
  position: "absolute",
  right: 2,
  top: 14,
  transform: "rotate(8deg)",
  filter: "drop-shadow(0 3px 4px rgba(0,0,0,.45))",
  zIndex: 1,
});
/** The royals inside a structure stand in its gate. */
export const inside = style({
  position: "relative",
  display: "flex",
  gap: 2,
  alignItems: "flex-end",
  justifyContent: "center",
  alignSelf: "end",
  minHeight: 24,
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
