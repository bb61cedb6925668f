import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

/** The ladder screens' page, season line and grid of panels. */
export { grid, page, seasonName } from "../../components/Ladder/LadderPanels.css";

export const topBar = style({ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 8, marginBottom: 8 });
export const title = style({ fontFamily: vars.font.display, color: vars.color.gold, margin: "8px 0 4px", fontSize: 36 });

export const cardTitle = style({ margin: "0 0 12px", fontFamily: vars.font.display, fontSize: 20 });

export const empty = style({ textAlign: "center", padding: 32 });
