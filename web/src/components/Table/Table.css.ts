import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

const PHONE = "(max-width: 699px)";
/** Wide enough for the move log beside the table; narrower screens open it as a drawer. */
export const LOG_SIDE = "(min-width: 1100px)";
export const LOG_DRAWER = "(max-width: 1099px)";

/**
 * The fixed table: it fills the page below the header and never scrolls. The board (seats,
 * felt, your kingdom, the dock) on the left, the move log on the right when there is room.
 */
export const root = style({
  flex: 1,
  minHeight: 0,
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: 8,
  padding: "6px clamp(6px, 1vw, 14px) 0",
  "@media": { [LOG_SIDE]: { gridTemplateColumns: "minmax(0, 1fr) clamp(240px, 18vw, 340px)" } },
});
export const board = style({ minHeight: 0, minWidth: 0, display: "flex", flexDirection: "column", gap: 6 });
/**
 * Seats, felt and your kingdom in three rows: the seats and your kingdom share the height
 * left after the felt and the dock (their kingdoms shrink to fit it).
 */
export const upper = style({
  flex: 1,
  minHeight: 0,
  display: "grid",
  gridTemplateRows: "minmax(0, 1fr) auto minmax(0, 1.15fr)",
  gap: 6,
  position: "relative",
  "@media": { [PHONE]: { gridTemplateRows: "auto auto minmax(0, 1fr)" } },
});
/** The opponents' seats side by side (left, across, right), each with its panel and kingdom. */
export const seats = style({
  minHeight: 0,
  display: "grid",
  gridAutoFlow: "column",
  gridAutoColumns: "minmax(0, 1fr)",
  gap: 8,
  "@media": { [PHONE]: { gridAutoFlow: "row", gap: 4 } },
});
/** The felt: whose turn, the draw area and the last move's line. */
export const center = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  gap: "clamp(8px, 2vw, 24px)",
  minWidth: 0,
  padding: "6px 12px",
  borderRadius: vars.radius.lg,
  background: `radial-gradient(ellipse at center, ${vars.color.felt}, ${vars.color.feltDark})`,
  border: "2px solid #2c6446",
  boxShadow: "inset 0 0 30px rgba(0,0,0,.35)",
  "@media": { [PHONE]: { flexWrap: "wrap", gap: 4, padding: "4px 6px" } },
});
export const turnBox = style({ flex: "1 1 0", minWidth: 0, "@media": { [PHONE]: { flexBasis: "100%" } } });
export const felt = style({ contain: "layout style", flex: "none" });
export const banner = style({
  flex: "1 1 0",
  minWidth: 0,
  textAlign: "center",
  padding: "6px 12px",
  borderRadius: 999,
  background: "rgba(0,0,0,.25)",
  fontSize: 14,
  "@media": { [PHONE]: { display: "none" } },
});
/** The action bar and the hand: the board's last row, never over the cards above it. */
export const dock = style({
  flex: "none",
  position: "relative",
  zIndex: 10,
  padding: "4px 8px 8px",
  background: "rgba(12,20,15,.97)",
  borderTop: `1px solid ${vars.color.border}`,
  borderRadius: "12px 12px 0 0",
  "@media": { [PHONE]: { padding: "2px 4px calc(6px + env(safe-area-inset-bottom))", boxShadow: "0 -8px 24px rgba(0,0,0,.45)" } },
});
export const reward = style({ textAlign: "center", marginTop: 4 });
/** The warning under the action bar (a Hail of Arrows with nothing to hit). */
export const warning = style({ margin: "2px 0 0", textAlign: "center", fontSize: 13, fontWeight: 700, color: vars.color.gold });
export const confirmRow = style({ display: "flex", gap: 8, justifyContent: "flex-end", marginTop: 12 });
/** Cards that left the table travel here, above it, on their way to the discard pile or a hand. */
// Over the table, its header and tooltips (40), under dialogs (50): a follow-up dialog that
// opens while a card still travels is never covered by it.
/**
 * The draw's golden selection phase on a card about to travel: a ring on ::after pulsed by its
 * opacity (the compositor's work), for as long as the class is on.
 */
const drawPulse = keyframes({ "0%, 100%": { opacity: 0.5 }, "50%": { opacity: 1 } });
export const drawGlow = style({
  selectors: {
    "&::after": {
      content: '""',
      position: "absolute",
      inset: 0,
      borderRadius: 8,
      pointerEvents: "none",
      boxShadow: `0 0 0 3px ${vars.color.gold}, 0 0 20px 10px rgba(226,180,60,.9)`,
      animation: `${drawPulse} 1s ease-in-out infinite`,
    },
  },
});
export const ghostLayer = style({ position: "fixed", inset: 0, pointerEvents: "none", zIndex: 45, overflow: "hidden" });
export const teams = style({ margin: "2px 0 0", textAlign: "center", fontSize: 13, fontWeight: 700, color: vars.color.gold });
