import { style } from "@vanilla-extract/css";
import { DOCKED_ROOT } from "../TableLayout/TableLayout.css";
import { vars } from "../../theme/vars.css";

/**
 * A strip at the very top, in the flow of the page: it pushes the page down instead of being
 * drawn over a control (the dock, the hand, the header's buttons). Under a docked tutorial
 * banner (narrow screens) the game page is a shell of the screen's height: the strip is then
 * fixed at the top, and the tutorial banner and the page below it move down by its height
 * (--connection-space, set while it shows).
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
  selectors: { [`${DOCKED_ROOT} &`]: { position: "fixed", left: 0, right: 0 } },
});
