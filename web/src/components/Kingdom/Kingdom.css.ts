import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const kingdom = style({ display: "flex", flexDirection: "column", gap: 8 });
export const zones = style({ display: "flex", flexWrap: "wrap", gap: 12, alignItems: "flex-start" });
export const zone = style({
  display: "flex",
  flexDirection: "column",
  gap: 4,
  padding: 8,
  borderRadius: 10,
  background: "rgba(0,0,0,.18)",
  border: `1px solid rgba(255,255,255,.06)`,
  minHeight: 60,
});
export const zoneLabel = style({ fontSize: 11, textTransform: "uppercase", letterSpacing: 1, color: vars.color.muted });
export const cards = style({ display: "flex", flexWrap: "wrap", gap: 6, alignItems: "center", minHeight: 40 });
export const combo = style({
  position: "relative",
  display: "flex",
  flexDirection: "column",
  gap: 4,
  padding: 6,
  borderRadius: 8,
  border: `1px solid ${vars.color.border}`,
  background: "rgba(0,0,0,.2)",
});
export const comboName = style({ fontSize: 12, fontWeight: 700, color: vars.color.gold });
export const fan = style({ display: "flex", alignItems: "center" });
export const fanCard = style({ selectors: { "& + &": { marginLeft: -18 } } });
export const inside = style({
  display: "flex",
  gap: 4,
  alignItems: "center",
  paddingTop: 4,
  borderTop: `1px dashed ${vars.color.border}`,
  fontSize: 11,
  color: vars.color.muted,
});
export const empty = style({ fontSize: 13, color: vars.color.muted, fontStyle: "italic" });
