import { style } from "@vanilla-extract/css";

/** The Spire's 'Return to the Map' button over the game table (App.tsx). */
export const returnBar = style({
  position: "fixed",
  bottom: 16,
  left: "50%",
  transform: "translateX(-50%)",
  zIndex: 60,
});
