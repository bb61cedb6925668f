import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

/**
 * A strip at the very top, in the flow of the page: it pushes the page down instead of being
 * drawn over a control (the dock, the hand, the header's buttons).
 */
export const banner = style({
  position: "sticky",
  top: 0,
  zIndex: 90,
  textAlign: "center",
  background: "#5b4a12",
  borderBottom: `1px solid ${vars.color.gold}`,
  color: "#fff6d8",
  padding: "6px 16px",
  fontWeight: 600,
});
