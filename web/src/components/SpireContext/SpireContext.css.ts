import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

/** One line under the table's header: the run's HP, the enemy and what the fight is played for. */
export const strip = style({
  position: "relative",
  zIndex: 15,
  display: "flex",
  alignItems: "center",
  gap: 12,
  flex: "none",
  flexWrap: "wrap",
  padding: "4px 12px",
  fontSize: 14,
  background: vars.color.panel,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const hp = style({ display: "flex", alignItems: "center", gap: 6, fontWeight: 700 });
export const hpBar = style({
  appearance: "none",
  width: 90,
  height: 8,
  border: "none",
  borderRadius: 4,
  overflow: "hidden",
  background: vars.color.feltDark,
  selectors: {
    "&::-webkit-progress-bar": { background: vars.color.feltDark },
    "&::-webkit-progress-value": { background: vars.color.danger },
    "&::-moz-progress-bar": { background: vars.color.danger },
  },
});
export const enemy = style({ color: vars.color.text });
export const twist = style({ color: vars.color.gold, fontWeight: 600 });
export const muted = style({ color: vars.color.muted });
export const more = style({
  marginLeft: "auto",
  padding: "2px 10px",
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.panelRaised,
  color: vars.color.text,
  font: "inherit",
  cursor: "pointer",
});
export const details = style({
  position: "absolute",
  top: "100%",
  right: 8,
  width: "min(440px, calc(100vw - 16px))",
  display: "grid",
  gap: 8,
  padding: 12,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.gold}`,
  background: vars.color.panelRaised,
  boxShadow: vars.shadow.panel,
});
export const pile = style({ display: "flex", flexWrap: "wrap", gap: 4, margin: 0, padding: 0, listStyle: "none" });
export const pileCard = style({
  padding: "1px 6px",
  borderRadius: vars.radius.sm,
  background: vars.color.cardFace,
  color: vars.color.black,
  fontWeight: 700,
});
export const red = style({ color: vars.color.red });
export const fortified = style({ boxShadow: `0 0 0 2px ${vars.color.gold}` });
export const standard = style({ color: vars.color.gold });
export const relics = style({ margin: "4px 0 0", paddingLeft: 18, display: "grid", gap: 2 });
