import { style } from "@vanilla-extract/css";
import { DOCKED_ROOT, SHELL } from "../../components/TableLayout/TableLayout.css";

/**
 * The game page. Phones and short screens: one column in normal document flow, the header
 * included, so nothing is ever drawn over the table. Wide and tall screens: an app shell of
 * three rows that never overlap: the header, the table (the only part that scrolls) and the
 * dock with the action bar and the hand.
 */
export const page = style({
  minHeight: "100dvh",
  display: "flex",
  flexDirection: "column",
  "@media": { [SHELL]: { height: "100dvh", overflow: "hidden" } },
  // Under the tutorial banner (docked at the top at every width): the same shell, below it.
  selectors: { [`${DOCKED_ROOT} &`]: { height: "100dvh", minHeight: 0, overflow: "hidden", paddingTop: "var(--tutorial-top-space, 0px)" } },
});
/** During play the page is the fixed table at every size: it fills the screen and never scrolls. */
export const fixed = style({ height: "100dvh", minHeight: 0, overflow: "hidden" });
export const main = style({
  flex: 1,
  display: "flex",
  flexDirection: "column",
  "@media": { [SHELL]: { minHeight: 0 } },
  selectors: { [`${DOCKED_ROOT} &`]: { minHeight: 0 } },
});
/** The score screen's scrolling area. */
export const scroll = style({
  flex: 1,
  "@media": { [SHELL]: { minHeight: 0, overflowY: "auto", overscrollBehavior: "contain" } },
  selectors: { [`${DOCKED_ROOT} &`]: { minHeight: 0, overflowY: "auto", overscrollBehavior: "contain" } },
});
export const fixedMain = style({ minHeight: 0 });
export const loading = style({ padding: 24 });
export const leaveRow = style({ display: "flex", justifyContent: "flex-end", gap: 8, marginTop: 12 });
