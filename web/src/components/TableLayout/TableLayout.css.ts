import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

/** The shell query of the Game page: wide and tall screens get three fixed rows. */
export const SHELL = "(min-width: 768px) and (min-height: 700px)";
const PHONE = "(max-width: 699px)";
/**
 * The root element while a tutorial banner is docked at the top of the screen (at every width):
 * the game page becomes the shell (header, scrolling table, dock) below the banner.
 */
export const DOCKED_ROOT = "html[data-tutorial-docked]";

/** The scrolling part of the table: everything but the dock. */
export const scroll = style({
  flex: 1,
  display: "flex",
  flexDirection: "column",
  // A control scrolled into view (keyboard focus, a click) keeps a gap to the header and dock.
  "@media": { [SHELL]: { minHeight: 0, overflowY: "auto", overscrollBehavior: "contain", scrollPaddingBlock: 12 } },
  selectors: { [`${DOCKED_ROOT} &`]: { minHeight: 0, overflowY: "auto", overscrollBehavior: "contain", scrollPaddingBlock: 12 } },
});
export const table = style({
  flex: 1,
  display: "flex",
  flexDirection: "column",
  gap: 10,
  padding: "10px clamp(8px, 2vw, 20px) 20px",
  // Under a tutorial banner the whole page starts below it (Game.css.ts): nothing to add here.
  maxWidth: 1280,
  width: "100%",
  margin: "0 auto",
});
/**
 * The action bar and the hand. Wide screens: the shell's bottom row. Phones: a bottom sheet
 * that stays on screen (sticky) while the table scrolls above it.
 */
export const dock = style({
  padding: "0 clamp(8px, 2vw, 20px) 16px",
  "@media": {
    [SHELL]: {
      flex: "none",
      // Above the table so that the action bar's tooltips paint over it.
      position: "relative",
      zIndex: 10,
      padding: "6px clamp(8px, 2vw, 20px) 10px",
      background: "rgba(12,20,15,.97)",
      borderTop: `1px solid ${vars.color.border}`,
    },
    [PHONE]: {
      position: "sticky",
      bottom: 0,
      zIndex: 10,
      padding: "4px 8px calc(8px + env(safe-area-inset-bottom))",
      background: "rgba(12,20,15,.97)",
      borderTop: `1px solid ${vars.color.border}`,
      borderRadius: "16px 16px 0 0",
      boxShadow: "0 -8px 24px rgba(0,0,0,.45)",
      maxHeight: "60dvh",
      overflowY: "auto",
    },
  },
  // Below a docked tutorial banner the table keeps a share of the screen.
  selectors: { [`${DOCKED_ROOT} &`]: { flex: "none", maxHeight: "45dvh", overflowY: "auto" } },
});
/** The sheet's grab handle on phones (decoration). */
export const handle = style({
  display: "none",
  "@media": { [PHONE]: { display: "block", width: 40, height: 4, borderRadius: 2, margin: "4px auto 6px", background: vars.color.border } },
});
export const dockInner = style({ maxWidth: 1280, margin: "0 auto" });
