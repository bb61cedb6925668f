import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

/** In the flow: on a phone it scrolls away with the page instead of covering the table. */
export const header = style({
  position: "relative",
  zIndex: 20,
  display: "flex",
  alignItems: "center",
  gap: 8,
  flex: "none",
  height: vars.layout.headerHeight,
  padding: "0 12px",
  background: "rgba(12,20,15,.97)",
  borderBottom: `1px solid ${vars.color.border}`,
});
export const title = style({ fontFamily: vars.font.display, fontSize: 20, fontWeight: 700, color: vars.color.gold, marginRight: "auto" });
