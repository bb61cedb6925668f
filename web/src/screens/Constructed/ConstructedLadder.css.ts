import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

/** The ladder screens' page, season line and grid of panels. */
export { grid, page, seasonName } from "../../components/Ladder/LadderPanels.css";

export const section = style({ marginBottom: 16 });
export const cardTitle = style({ margin: "0 0 12px", fontFamily: vars.font.display, fontSize: 20 });
export const decks = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 8 });
export const deck = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr auto",
  alignItems: "center",
  gap: 10,
  padding: "10px 12px",
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.panelRaised,
  cursor: "pointer",
  selectors: {
    "&:has(input:checked)": { borderColor: vars.color.gold, boxShadow: `0 0 0 1px ${vars.color.gold}` },
    "&:has(input:disabled)": { cursor: "not-allowed", opacity: 0.65 },
    "&:has(input:focus-visible)": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});
export const deckName = style({ fontWeight: 700, overflowWrap: "anywhere" });
export const deckSize = style({ color: vars.color.muted, fontVariantNumeric: "tabular-nums" });
export const problem = style({ gridColumn: "2 / 4", color: vars.color.danger, fontSize: 13 });
export const empty = style({ textAlign: "center", padding: 32 });
export const note = style({ color: vars.color.muted, margin: "8px 0 0", fontSize: 14 });
