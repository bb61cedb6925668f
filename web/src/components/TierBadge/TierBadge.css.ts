import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

const base = style({
  display: "inline-block",
  padding: "2px 10px",
  borderRadius: 999,
  fontSize: 13,
  fontWeight: 700,
  whiteSpace: "nowrap",
  border: "1px solid transparent",
});

export const tier = styleVariants({
  bronze: [base, { background: "#8a5a2b", color: "#fff4e6", borderColor: "#5e3c1b" }],
  silver: [base, { background: "#b9c2c9", color: "#1d2328", borderColor: "#808a92" }],
  gold: [base, { background: vars.color.gold, color: "#231a02", borderColor: vars.color.goldDark }],
  platinum: [base, { background: "#7fd1c7", color: "#0c2a27", borderColor: "#4d9c93" }],
  diamond: [base, { background: "#8fb8ff", color: "#0b1d3d", borderColor: "#5a84cf" }],
  legend: [
    base,
    {
      background: `linear-gradient(135deg, ${vars.color.gold}, #c45cff)`,
      color: "#1a0626",
      borderColor: vars.color.goldDark,
      boxShadow: `0 0 8px rgba(196, 92, 255, .55)`,
    },
  ],
  placement: [base, { background: vars.color.panelRaised, color: vars.color.muted, borderColor: vars.color.border }],
});
