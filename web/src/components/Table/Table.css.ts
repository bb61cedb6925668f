import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

const PHONE = "(max-width: 699px)";

/** Holds the table and the dock for measuring where cards are; takes no box of its own. */
export const travelRoot = style({ display: "contents" });

/**
 * The ring of seats around the felt. Phones: one column, the seats folded into rows above
 * the felt.
 */
const ringBase = style({
  display: "grid",
  gap: 10,
  alignItems: "start",
  "@media": { [PHONE]: { display: "flex", flexDirection: "column", gap: 6 } },
});
export const ring = styleVariants({
  2: [ringBase, { gridTemplateColumns: "minmax(0, 1fr)", gridTemplateAreas: '"top" "center"' }],
  3: [ringBase, { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)", gridTemplateAreas: '"left right" "center center"' }],
  4: [
    ringBase,
    {
      gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1.25fr) minmax(0, 1fr)",
      gridTemplateAreas: '"left top right" "left center right"',
      "@media": { "(max-width: 1023px)": { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)", gridTemplateAreas: '"top top" "left right" "center center"' } },
    },
  ],
});
export const center = style({ gridArea: "center", display: "flex", flexDirection: "column", gap: 8, alignItems: "center", minWidth: 0 });
export const felt = style({
  contain: "layout style",
  width: "100%",
  padding: 12,
  borderRadius: vars.radius.lg,
  background: `radial-gradient(ellipse at center, ${vars.color.felt}, ${vars.color.feltDark})`,
  border: "2px solid #2c6446",
  boxShadow: "inset 0 0 30px rgba(0,0,0,.35)",
});
export const banner = style({
  textAlign: "center",
  padding: "6px 12px",
  borderRadius: 999,
  background: "rgba(0,0,0,.25)",
  fontSize: 14,
});
export const reward = style({ textAlign: "center", marginTop: 8 });
/** Cards that left the table travel here, above it, on their way to the discard pile or a hand. */
// Over the table, its header and tooltips (40), under dialogs (50): a follow-up dialog that
// opens while a card still travels is never covered by it.
export const ghostLayer = style({ position: "fixed", inset: 0, pointerEvents: "none", zIndex: 45, overflow: "hidden" });
