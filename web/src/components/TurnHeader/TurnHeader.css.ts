import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const turn = style({ textAlign: "center", scrollMarginTop: 80 });
export const match = style({ marginBottom: 6 });
export const title = style({ fontFamily: vars.font.display, fontSize: "clamp(20px, 5vw, 28px)", margin: 0 });
export const mine = style({ color: vars.color.gold });
export const step = style({ margin: "2px 0 0", color: vars.color.muted });
