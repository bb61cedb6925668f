import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

const base = style({
  flex: "none",
  borderRadius: "50%",
  objectFit: "cover",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  border: `2px solid ${vars.color.gold}`,
  fontFamily: vars.font.display,
  fontWeight: 700,
  letterSpacing: 1,
  userSelect: "none",
  overflow: "hidden",
});
export const size = styleVariants({
  sm: [base, { width: 32, height: 32, fontSize: 13 }],
  lg: [base, { width: 72, height: 72, fontSize: 28 }],
});
/** The initials' backgrounds: one picked from the user's id, so a player keeps their colour. */
export const tint = styleVariants({
  0: { background: "#1d4a32", color: "#f3d27a" },
  1: { background: "#5a1f2b", color: "#ffd9de" },
  2: { background: "#22375e", color: "#cfe0ff" },
  3: { background: "#4b3a12", color: "#ffe7a6" },
  4: { background: "#3c2456", color: "#e8d5ff" },
  5: { background: "#174548", color: "#c6f3f0" },
});
