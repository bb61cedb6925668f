import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const watching = style({ display: "inline-flex", alignItems: "center", gap: 4, fontSize: 13, color: vars.color.muted, whiteSpace: "nowrap" });
export const spectating = style({ color: vars.color.gold, fontWeight: 700 });
export const row = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 12, flexWrap: "wrap" });
export const small = style({ fontSize: 13 });
