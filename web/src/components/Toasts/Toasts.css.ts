import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

const slide = keyframes({ from: { transform: "translateX(40px)", opacity: 0 }, to: { transform: "none", opacity: 1 } });

export const region = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  position: "fixed",
  // Below the top bar: a toast never hides the header's buttons (rules, settings, leave), nor
  // the tutorial's banner docked above it (--tutorial-top-space, set while it shows).
  top: `calc(var(--tutorial-top-space, 0px) + ${vars.layout.headerHeight} + 8px)`,
  right: 12,
  left: 12,
  zIndex: 100,
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-end",
  pointerEvents: "none",
  "@media": { "(min-width: 768px)": { left: "auto", maxWidth: 420, width: "100%" } },
});

export const toast = style({
  pointerEvents: "auto",
  width: "100%",
  display: "flex",
  gap: 12,
  alignItems: "flex-start",
  padding: "12px 14px",
  borderRadius: vars.radius.md,
  background: vars.color.panelRaised,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.panel,
  animation: `${slide} .2s ease-out`,
  touchAction: "pan-y",
});

export const destructive = style({ background: "#5b1820", borderColor: vars.color.danger });

export const title = style({ fontWeight: 700, margin: 0 });
export const description = style({ margin: "2px 0 0", fontSize: 14, opacity: 0.9 });
export const close = style({
  marginLeft: "auto",
  background: "transparent",
  border: "none",
  color: "inherit",
  fontSize: 18,
  cursor: "pointer",
  minWidth: 32,
  minHeight: 32,
});
