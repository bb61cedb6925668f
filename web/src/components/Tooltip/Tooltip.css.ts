import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const anchor = style({ position: "relative", display: "inline-flex" });
export const tip = style({
  position: "absolute",
  bottom: "calc(100% + 8px)",
  left: "50%",
  transform: "translateX(-50%)",
  width: "max-content",
  maxWidth: 240,
  padding: "6px 10px",
  fontSize: 13,
  borderRadius: 6,
  background: "#050a07",
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  zIndex: 40,
  pointerEvents: "none",
  boxShadow: vars.shadow.card,
});

export const below = style({ bottom: "auto", top: "calc(100% + 8px)" });
