/** Shared building blocks: buttons, panels, badges, fields. */
import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "./vars.css";

const buttonBase = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: 6,
  minHeight: 40,
  padding: "8px 16px",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  cursor: "pointer",
  fontWeight: 600,
  transition: "transform .08s ease, background .15s ease, box-shadow .15s ease",
  selectors: {
    // Disabled buttons stay solid (nothing shows through them): a flat, dim face instead.
    "&:disabled": { background: "#1a231d", color: vars.color.muted, borderColor: "#2a3a30", borderStyle: "dashed", cursor: "not-allowed", boxShadow: "none" },
    "&:not(:disabled):active": { transform: "translateY(1px)" },
  },
});

export const button = styleVariants({
  primary: [buttonBase, { background: `linear-gradient(${vars.color.gold}, ${vars.color.goldDark})`, color: "#231a02", borderColor: vars.color.goldDark }],
  secondary: [buttonBase, { background: vars.color.panelRaised, color: vars.color.text }],
  ghost: [buttonBase, { background: "transparent", color: vars.color.text, borderColor: "transparent" }],
  danger: [buttonBase, { background: vars.color.dangerStrong, color: "white", borderColor: "#7a1820" }],
});

export const iconButton = style([
  buttonBase,
  { background: vars.color.panelRaised, color: vars.color.text, padding: 8, minWidth: 40, fontSize: 18 },
]);

export const panel = style({
  background: vars.color.panel,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.panel,
  padding: 16,
});

export const badge = style({
  display: "inline-block",
  padding: "2px 10px",
  borderRadius: 999,
  fontSize: 13,
  fontWeight: 700,
  background: vars.color.panelRaised,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  whiteSpace: "nowrap",
});

export const badgeGold = style([badge, { background: vars.color.gold, color: "#231a02", borderColor: vars.color.goldDark }]);
export const badgeOk = style([badge, { background: vars.color.ok, color: "#062615", borderColor: "#227a50" }]);

export const field = style({
  display: "flex",
  flexDirection: "column",
  gap: 4,
  marginBottom: 12,
  fontSize: 14,
  color: vars.color.muted,
});

export const input = style({
  minHeight: 40,
  padding: "8px 10px",
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: "#0c140f",
  color: vars.color.text,
  fontSize: 16,
});

export const row = style({ display: "flex", gap: 8, alignItems: "center", flexWrap: "wrap" });
export const muted = style({ color: vars.color.muted });
/** A screen's loading line. */
export const loadingLine = style({ padding: 24 });
