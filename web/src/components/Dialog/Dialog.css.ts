import { style } from "@vanilla-extract/css";
import { fadeIn } from "../../theme/global.css";
import { vars } from "../../theme/vars.css";

export const overlay = style({
  position: "fixed",
  inset: 0,
  background: "rgba(0,0,0,.6)",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  padding: 12,
  zIndex: 50,
  animation: `${fadeIn} .15s ease-out`,
});

export const dialog = style({
  background: vars.color.panel,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.panel,
  width: "min(560px, 100%)",
  maxHeight: "calc(100dvh - 24px)",
  display: "flex",
  flexDirection: "column",
});

export const wide = style({ width: "min(820px, 100%)" });

export const header = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: 8,
  padding: "14px 16px 8px",
  borderBottom: `1px solid ${vars.color.border}`,
});

export const title = style({ fontSize: 20, margin: 0, color: vars.color.gold });

export const body = style({ padding: 16, overflowY: "auto" });

export const close = style({
  border: "none",
  background: "transparent",
  color: vars.color.text,
  fontSize: 22,
  cursor: "pointer",
  minWidth: 40,
  minHeight: 40,
  borderRadius: 8,
});
