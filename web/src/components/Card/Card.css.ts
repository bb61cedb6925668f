import { keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

const bounce = keyframes({
  "0%": { transform: "translateY(-30px) scale(.9)", opacity: 0.2 },
  "60%": { transform: "translateY(4px) scale(1.04)", opacity: 1 },
  "100%": { transform: "translateY(0) scale(1)" },
});

const glow = keyframes({
  "0%, 100%": { boxShadow: `0 0 0 3px ${vars.color.gold}, 0 0 12px 4px rgba(226,180,60,.6)` },
  "50%": { boxShadow: `0 0 0 3px ${vars.color.gold}, 0 0 22px 10px rgba(226,180,60,.9)` },
});

export const wrap = style({
  position: "relative",
  display: "inline-block",
  padding: 0,
  border: "none",
  background: "transparent",
  borderRadius: 8,
  lineHeight: 0,
  flex: "0 0 auto",
  transition: "transform .15s ease, margin .15s ease",
  color: "inherit",
});

export const size = styleVariants({
  xs: { width: 34 },
  sm: { width: 48 },
  md: { width: "clamp(56px, 15vw, 78px)" },
  lg: { width: "clamp(64px, 18vw, 96px)" },
  xl: { width: "clamp(96px, 28vw, 150px)" },
});

export const clickable = style({
  cursor: "pointer",
  selectors: {
    "&:hover": { transform: "translateY(-4px)" },
  },
});

export const selected = style({
  transform: "translateY(-10px)",
  boxShadow: `0 0 0 3px ${vars.color.gold}`,
  selectors: { "&:hover": { transform: "translateY(-12px)" } },
});

export const disabled = style({ opacity: 0.45, filter: "grayscale(.4)", cursor: "not-allowed" });

export const usedSize = styleVariants({
  xs: { width: 48 },
  sm: { width: 67 },
  md: { width: "clamp(78px, 21vw, 109px)" },
  lg: { width: "clamp(90px, 25vw, 134px)" },
  xl: { width: "clamp(134px, 39vw, 210px)" },
});

export const golden = style({ animation: `${glow} 1s ease-in-out infinite` });

const aimGlow = keyframes({
  "0%, 100%": { boxShadow: `0 0 0 2px ${vars.color.danger}, 0 0 8px 2px rgba(217,67,79,.55)` },
  "50%": { boxShadow: `0 0 0 3px ${vars.color.danger}, 0 0 16px 6px rgba(217,67,79,.8)` },
});
/** A target to aim at: a red glow that pulses (steady with reduced motion). */
export const aimed = style({
  animation: `${aimGlow} 1.2s ease-in-out infinite`,
  cursor: "crosshair",
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none", boxShadow: `0 0 0 3px ${vars.color.danger}` } },
});
export const bounced = style({ animation: `${bounce} .6s ease-out` });

// A box-shadow on the wrapper is much cheaper to paint than a drop-shadow filter on each SVG.
export const svg = style({ width: "100%", height: "auto", display: "block", borderRadius: 8, boxShadow: "0 2px 4px rgba(0,0,0,.35)" });

/** The upright rank and suit over a used (sideways) resource. */
export const usedTag = style({
  position: "absolute",
  right: 3,
  bottom: 3,
  padding: "1px 4px",
  borderRadius: 4,
  background: "rgba(255,253,246,.95)",
  border: "1px solid rgba(0,0,0,.25)",
  fontSize: 12,
  fontWeight: 800,
  lineHeight: 1.2,
  pointerEvents: "none",
});
export const red = style({ color: vars.color.red });
export const black = style({ color: vars.color.black });
