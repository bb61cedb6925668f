import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

/** Wraps on wide screens; on a phone one row that scrolls sideways, so the dock stays short. */
export const hand = style({
  display: "flex",
  flexWrap: "wrap",
  gap: 8,
  justifyContent: "center",
  paddingTop: 12,
  "@media": {
    "(max-width: 699px)": {
      flexWrap: "nowrap",
      justifyContent: "flex-start",
      overflowX: "auto",
      overflowY: "hidden",
      paddingTop: 10,
      paddingBottom: 2,
      gap: 6,
      scrollSnapType: "x proximity",
      overscrollBehaviorX: "contain",
    },
  },
});
export const empty = style({ color: vars.color.muted });
