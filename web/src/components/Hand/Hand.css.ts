import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

/**
 * Wraps on wide screens. On a phone one row where every card is on screen: the cards share the
 * row's width and overlap like a fan held in the hand when there are many (the last card keeps
 * its whole width at the row's end).
 */
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
      gap: 0,
      paddingTop: 10,
      paddingLeft: 4,
      // Room for the last card's whole width: every other card gets a share of what is left.
      paddingRight: "clamp(64px, 18vw, 96px)",
    },
  },
});
/** A phone's hand card sits in its share of the row and may cover the next one's left edge. */
export const slot = style({ minWidth: 0, "@media": { "(max-width: 699px)": { flex: "0 1 72px" } } });
export const empty = style({ color: vars.color.muted });
