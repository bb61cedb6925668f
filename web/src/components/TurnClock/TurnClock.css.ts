import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

const pulse = keyframes({ "0%, 100%": { opacity: 1 }, "50%": { opacity: 0.55 } });

export const clock = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 4,
  padding: "1px 8px",
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.panelRaised,
  color: vars.color.muted,
  fontVariantNumeric: "tabular-nums",
  fontSize: 13,
  whiteSpace: "nowrap",
});
export const running = style({ color: vars.color.text, borderColor: vars.color.gold });
export const warning = style({
  color: "white",
  background: vars.color.dangerStrong,
  borderColor: vars.color.danger,
  "@media": { "(prefers-reduced-motion: no-preference)": { animation: `${pulse} 1s ease-in-out infinite` } },
});
export const bank = style({ fontSize: 11, opacity: 0.85 });
export const picker = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 12, flexWrap: "wrap" });
export const segments = style({ display: "flex", gap: 4, flexWrap: "wrap" });
export const small = style({ fontSize: 13 });
