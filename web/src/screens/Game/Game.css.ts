import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

/**
 * Table layout. Phones and short screens: one column in normal document flow, the header
 * included, so nothing is ever drawn over the table. Wide and tall screens: an app shell of
 * three rows that never overlap: the header, the table (the only part that scrolls) and the
 * dock with the action bar and the hand.
 */
const shell = "(min-width: 768px) and (min-height: 700px)";

export const page = style({
  minHeight: "100dvh",
  display: "flex",
  flexDirection: "column",
  "@media": { [shell]: { height: "100dvh", overflow: "hidden" } },
});
/** In the flow: on a phone it scrolls away with the page instead of covering the table. */
export const header = style({
  position: "relative",
  zIndex: 20,
  display: "flex",
  alignItems: "center",
  gap: 8,
  flex: "none",
  height: vars.layout.headerHeight,
  padding: "0 12px",
  background: "rgba(12,20,15,.97)",
  borderBottom: `1px solid ${vars.color.border}`,
});
export const title = style({ fontFamily: vars.font.display, fontSize: 20, fontWeight: 700, color: vars.color.gold, marginRight: "auto" });
export const main = style({
  flex: 1,
  display: "flex",
  flexDirection: "column",
  "@media": { [shell]: { minHeight: 0 } },
});
/** The scrolling part of the table: everything but the dock. */
export const scroll = style({
  flex: 1,
  display: "flex",
  flexDirection: "column",
  // A control scrolled into view (keyboard focus, a click) keeps a gap to the header and dock.
  "@media": { [shell]: { minHeight: 0, overflowY: "auto", overscrollBehavior: "contain", scrollPaddingBlock: 12 } },
});
export const table = style({
  flex: 1,
  display: "flex",
  flexDirection: "column",
  gap: 12,
  padding: "12px clamp(8px, 2vw, 20px) 24px",
  maxWidth: 1200,
  width: "100%",
  margin: "0 auto",
});
export const turn = style({ textAlign: "center" });
export const turnTitle = style({ fontFamily: vars.font.display, fontSize: "clamp(20px, 5vw, 28px)", margin: 0 });
export const myTurn = style({ color: vars.color.gold });
export const banner = style({
  textAlign: "center",
  padding: "6px 12px",
  borderRadius: 999,
  background: "rgba(0,0,0,.25)",
  alignSelf: "center",
  fontSize: 14,
});
export const opponents = style({ display: "grid", gap: 10, gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 300px), 1fr))" });
export const opponent = style({
  // Each panel lays itself out: a change in one kingdom does not re-lay the whole table.
  contain: "layout style",
  position: "relative",
  // A hover card opened inside the panel must paint above the panels after it.
  selectors: { "&:hover, &:focus-within": { zIndex: 6 } },
  padding: 10,
  borderRadius: 12,
  background: "rgba(0,0,0,.22)",
  border: `1px solid ${vars.color.border}`,
});
export const activeOpponent = style({ borderColor: vars.color.gold, boxShadow: `0 0 0 1px ${vars.color.gold}` });
export const oppHead = style({ display: "flex", alignItems: "center", gap: 8, flexWrap: "wrap", marginBottom: 6 });
export const felt = style({
  contain: "layout style",
  padding: 12,
  borderRadius: 16,
  background: `radial-gradient(ellipse at center, ${vars.color.felt}, ${vars.color.feltDark})`,
  border: `2px solid #2c6446`,
  boxShadow: "inset 0 0 30px rgba(0,0,0,.35)",
});
export const mine = style({ contain: "layout style", padding: 12, borderRadius: 16, background: "rgba(0,0,0,.25)", border: `1px solid ${vars.color.border}` });
/** The action bar and the hand: after the table in the flow, or the shell's bottom row. */
export const dock = style({
  padding: "0 clamp(8px, 2vw, 20px) 16px",
  "@media": {
    [shell]: {
      flex: "none",
      // Above the table so that the action bar's tooltips paint over it.
      position: "relative",
      zIndex: 10,
      padding: "6px clamp(8px, 2vw, 20px) 10px",
      background: "rgba(12,20,15,.97)",
      borderTop: `1px solid ${vars.color.border}`,
    },
  },
});
export const dockInner = style({ maxWidth: 1200, margin: "0 auto" });
