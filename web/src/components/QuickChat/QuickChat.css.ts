import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

const pop = keyframes({ from: { opacity: 0, transform: "translateY(-4px) scale(.96)" }, to: { opacity: 1, transform: "none" } });

/** A phrase beside its sender's seat: anchored to the player panel, just below the name. */
export const bubble = style({
  position: "absolute",
  top: "calc(100% + 6px)",
  left: 18,
  zIndex: 30,
  maxWidth: "14em",
  padding: "4px 10px",
  borderRadius: vars.radius.md,
  background: vars.color.cardFace,
  color: vars.color.black,
  fontWeight: 700,
  fontSize: 14,
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis",
  boxShadow: vars.shadow.panel,
  pointerEvents: "none",
  animation: `${pop} .15s ease-out`,
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none" } },
  selectors: {
    "&::before": {
      content: "''",
      position: "absolute",
      top: -5,
      left: 10,
      borderLeft: "6px solid transparent",
      borderRight: "6px solid transparent",
      borderBottom: `6px solid ${vars.color.cardFace}`,
    },
  },
});

/** The header's chat button and the picker it opens. */
export const wrap = style({ position: "relative" });
export const picker = style({
  position: "absolute",
  top: "calc(100% + 8px)",
  right: 0,
  zIndex: 40,
  width: "min(320px, calc(100vw - 24px))",
  padding: 12,
  display: "flex",
  flexDirection: "column",
  gap: 10,
  background: vars.color.panel,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.panel,
});
export const phrases = style({ display: "grid", gridTemplateColumns: "repeat(2, minmax(0, 1fr))", gap: 6 });
export const phrase = style({ padding: "6px 8px", fontSize: 14, whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" });
export const heading = style({ margin: 0, fontSize: 13, fontWeight: 700, color: vars.color.muted, textTransform: "uppercase", letterSpacing: ".04em" });
export const muteRow = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 8 });
export const note = style({ margin: 0, fontSize: 13, color: vars.color.muted });

/** The score screen has no seats: the phrases said there are listed under it. */
export const feed = style({ listStyle: "none", margin: "8px auto 0", padding: 0, display: "flex", flexWrap: "wrap", justifyContent: "center", gap: 8 });
export const feedItem = style({ padding: "4px 10px", borderRadius: vars.radius.md, background: vars.color.cardFace, color: vars.color.black, fontSize: 14 });
