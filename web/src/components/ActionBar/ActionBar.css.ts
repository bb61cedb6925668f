import { style } from "@vanilla-extract/css";

/** Phones: the buttons share rows evenly, so the whole bar fits the bottom sheet. */
export const bar = style({
  display: "flex",
  flexWrap: "wrap",
  gap: 8,
  justifyContent: "center",
  "@media": { "(max-width: 699px)": { display: "grid", gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: 4 } },
});
/** A phone's buttons are compact: two rows of three. */
export const compact = style({
  "@media": { "(max-width: 699px)": { minHeight: 36, padding: "2px 4px", fontSize: 12.5, lineHeight: 1.15 } },
});
