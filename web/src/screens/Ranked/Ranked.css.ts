import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const page = style({ maxWidth: 960, margin: "0 auto", padding: "12px 16px 32px" });
export const topBar = style({ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 8, marginBottom: 8 });
export const title = style({ fontFamily: vars.font.display, color: vars.color.gold, margin: "8px 0 4px", fontSize: 36 });
export const seasonName = style({ color: vars.color.muted, margin: "0 0 20px", fontSize: 18 });

export const grid = style({
  display: "grid",
  gap: 16,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 280px), 1fr))",
  marginBottom: 16,
});
export const cardTitle = style({ margin: "0 0 12px", fontFamily: vars.font.display, fontSize: 20 });

export const empty = style({ textAlign: "center", padding: 32 });
