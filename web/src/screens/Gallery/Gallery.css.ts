import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const page = style({ maxWidth: 1180, margin: "0 auto", padding: "12px 16px 40px" });
export const top = style({ display: "flex", flexWrap: "wrap", alignItems: "baseline", justifyContent: "space-between", gap: 12 });
export const title = style({ color: vars.color.gold, fontFamily: vars.font.display, margin: "8px 0 2px" });
export const subtitle = style({ color: vars.color.muted, margin: 0 });
export const nav = style({ display: "flex", flexWrap: "wrap", gap: 6 });
export const navLink = style({
  padding: "4px 12px",
  borderRadius: 999,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: "none",
  fontSize: 14,
  selectors: { '&[aria-current="page"]': { background: vars.color.gold, color: "#231a02", borderColor: vars.color.goldDark } },
});

export const suit = style({ marginTop: 20 });
export const suitTitle = style({ fontSize: 18, color: vars.color.muted, textTransform: "uppercase", letterSpacing: 1.5, margin: "0 0 8px" });
export const note = style({ color: vars.color.muted, fontSize: 14, margin: "-4px 0 10px" });

export const grid = styleVariants({
  large: { display: "flex", flexWrap: "wrap", gap: 16, listStyle: "none", padding: 0, margin: 0 },
  small: { display: "flex", flexWrap: "wrap", gap: 8, listStyle: "none", padding: 0, margin: 0 },
});
export const item = style({ display: "flex", flexDirection: "column", alignItems: "center", gap: 4 });
export const caption = styleVariants({
  large: { fontSize: 13, color: vars.color.muted },
  small: { fontSize: 11, color: vars.color.muted },
});

export const zoom = style({ display: "flex", flexDirection: "column", alignItems: "center", gap: 12 });
export const zoomCard = style({ width: "min(60vw, 280px)", lineHeight: 0 });
