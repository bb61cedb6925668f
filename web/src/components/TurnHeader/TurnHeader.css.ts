import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const turn = style({ textAlign: "center", scrollMarginTop: 80, minWidth: 0 });
export const match = style({ marginBottom: 4 });
export const title = style({ fontFamily: vars.font.display, fontSize: "clamp(18px, 2.2vw, 26px)", margin: 0, "@media": { "(max-width: 699px)": { fontSize: 18, display: "inline" } } });
export const mine = style({ color: vars.color.gold });
export const step = style({ margin: "2px 0 0", color: vars.color.muted, fontSize: 14, "@media": { "(max-width: 699px)": { display: "inline", marginLeft: 8, fontSize: 12 } } });
