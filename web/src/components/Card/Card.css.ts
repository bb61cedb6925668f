import { keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

const bounce = keyframes({
  "0%": { transform: "translateY(-30px) scale(.9)", opacity: 0.2 },
  "60%": { transform: "translateY(4px) scale(1.04)", opacity: 1 },
  "100%": { transform: "translateY(0) scale(1)" },
});

/**
 * The glows (golden: the card being drawn; aimed: a target) are a ring drawn once on ::after and
 * pulsed by its opacity alone, which the compositor animates off the main thread; an animated
 * box-shadow would restyle and repaint the card on the main thread every frame.
 */
const pulse = keyframes({ "0%, 100%": { opacity: 0.5 }, "50%": { opacity: 1 } });
const ring = (shadow: string) => ({
  content: '""',
  position: "absolute",
  inset: 0,
  borderRadius: 8,
  pointerEvents: "none",
  boxShadow: shadow,
  animation: `${pulse} 1s ease-in-out infinite`,
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none", opacity: 1 } },
}) as const;

export const wrap = style({
  position: "relative",
  display: "inline-block",
  padding: 0,
  border: "none",
  background: "transparent",
  borderRadius: 8,
  lineHeight: 0,
  flex: "0 0 auto",
  // transform only: a transition of margin would lay the table out again every frame.
  transition: "transform .15s ease",
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

export const golden = style({ selectors: { "&::after": ring(`0 0 0 3px ${vars.color.gold}, 0 0 20px 8px rgba(226,180,60,.85)`) } });

/** A target to aim at: a red glow that pulses (steady with reduced motion). */
export const aimed = style({
  cursor: "crosshair",
  selectors: { "&::after": { ...ring(`0 0 0 3px ${vars.color.danger}, 0 0 14px 5px rgba(217,67,79,.75)`), animationDuration: "1.2s" } },
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
