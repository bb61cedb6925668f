import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const area = style({ display: "flex", gap: 14, alignItems: "flex-end", justifyContent: "center", flexWrap: "wrap" });
export const pile = style({ display: "flex", flexDirection: "column", alignItems: "center", gap: 4 });
export const label = style({ fontSize: 11, textTransform: "uppercase", letterSpacing: 1, color: vars.color.muted });
export const emptySlot = style({
  width: "clamp(56px, 15vw, 78px)",
  aspectRatio: "100 / 140",
  border: "2px dashed rgba(255,255,255,.2)",
  borderRadius: vars.radius.sm,
});
/** Short screens: the felt's cards are smaller, leaving the height to the kingdoms. */
globalStyle(`${pile} > :last-child`, { "@media": { "(max-height: 820px)": { width: 58 } } });
