import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const track = style({
  position: "relative",
  flex: "0 0 auto",
  width: 48,
  height: 28,
  borderRadius: 999,
  border: `1px solid ${vars.color.border}`,
  background: "#0c140f",
  cursor: "pointer",
  padding: 0,
  transition: "background .15s ease",
  selectors: { "&[aria-checked='true']": { background: vars.color.gold, borderColor: vars.color.goldDark } },
});

export const thumb = style({
  position: "absolute",
  top: 3,
  left: 3,
  width: 20,
  height: 20,
  borderRadius: "50%",
  background: vars.color.text,
  transition: "transform .15s ease",
  selectors: { [`${track}[aria-checked='true'] &`]: { transform: "translateX(20px)", background: "#231a02" } },
});
