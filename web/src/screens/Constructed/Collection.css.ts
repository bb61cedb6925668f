/** The deck builder's own look (Collection.tsx): card pictures, the deck list, the cost curve,
 * and on a phone the two tabs. The shared Constructed pieces are in Constructed.css.ts. */
import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

const PHONE = "(max-width: 800px)";

export const grid = style({
  display: "grid",
  gap: 10,
  gridTemplateColumns: "repeat(auto-fill, minmax(86px, 1fr))",
  "@media": { [PHONE]: { gridTemplateColumns: "repeat(auto-fill, minmax(76px, 1fr))", gap: 8 } },
});
export const tile = style({
  position: "relative",
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: 4,
  padding: "6px 2px 4px",
  borderRadius: vars.radius.md,
  border: "1px solid transparent",
  background: "transparent",
  color: vars.color.text,
  cursor: "pointer",
  transition: "transform 120ms ease, border-color 120ms ease",
  selectors: {
    "&:hover:not(:disabled)": { transform: "translateY(-3px)", borderColor: vars.color.gold },
    "&:disabled": { opacity: 0.55, cursor: "not-allowed" },
  },
});
export const tileRefused = style({ opacity: 0.5, filter: "grayscale(0.6)", cursor: "not-allowed" });
export const count = style({ fontSize: 12, color: vars.color.muted, fontVariantNumeric: "tabular-nums" });
export const cost = style({
  position: "absolute",
  top: 0,
  left: 0,
  minWidth: 22,
  height: 22,
  lineHeight: "22px",
  borderRadius: 999,
  background: "#2d5fa8",
  border: "2px solid #9cc0f0",
  color: "#fff",
  fontSize: 12,
  fontWeight: 800,
  textAlign: "center",
});
export const max = style({
  position: "absolute",
  top: 2,
  right: 2,
  fontSize: 10,
  padding: "1px 4px",
  borderRadius: 4,
  background: vars.color.gold,
  color: "#231a02",
  fontWeight: 700,
});
export const search = style({ flex: "1 1 180px", minWidth: 0 });
export const wide = style({ width: "100%", boxSizing: "border-box", margin: "6px 0" });

export const deckPanelBox = style({ "@media": { "(min-width: 801px)": { position: "sticky", top: 8 } } });
export const deckTitle = style({ margin: "0 0 4px", fontFamily: vars.font.display, overflowWrap: "anywhere" });
export const description = style({ margin: "0 0 8px", color: vars.color.muted, fontStyle: "italic", overflowWrap: "anywhere" });
export const sizeLine = style({ margin: "0 0 8px" });
export const deckFacts = style({ display: "grid", gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)", gap: 10, margin: "0 0 12px" });

export const curveBox = style({ margin: 0 });
export const curveTitle = style({ fontSize: 12, color: vars.color.muted, textTransform: "uppercase", letterSpacing: 1, marginBottom: 4 });
export const curve = style({ display: "flex", alignItems: "flex-end", gap: 4, height: 90, borderBottom: `1px solid ${vars.color.border}` });
export const curveColumn = style({
  flex: 1,
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "flex-end",
  height: "100%",
  fontSize: 11,
});
export const curveCount = style({ fontVariantNumeric: "tabular-nums" });
export const curveBar = style({ width: "100%", background: "linear-gradient(#9cc0f0, #2d5fa8)", borderRadius: "3px 3px 0 0", minHeight: 2 });
export const curveCost = style({ fontSize: 11, fontWeight: 700, color: "#9cc0f0" });
/** A bar's height in twentieths of the curve (0-20): no inline style under the CSP. */
export const barHeight = styleVariants(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [i, { height: `${i * 4}%` }])));

const box = style({ alignSelf: "start", padding: "8px 10px", borderRadius: vars.radius.sm, fontSize: 14, overflowWrap: "anywhere" });
export const legalBox = style([box, { border: `1px solid ${vars.color.ok}`, color: vars.color.ok, background: "rgba(63,181,122,.1)" }]);
export const illegalBox = style([box, { border: `1px solid ${vars.color.danger}`, color: "#ffd5d8", background: "rgba(217,67,79,.12)" }]);
export const problems = style({ margin: "4px 0 0", paddingLeft: 18 });

export const deckList = style({ listStyle: "none", margin: "0 0 8px", padding: 0, display: "flex", flexDirection: "column", gap: 3 });
export const deckRow = style({
  display: "grid",
  gridTemplateColumns: "26px minmax(0, 1fr) auto auto",
  alignItems: "center",
  gap: 8,
  padding: "3px 6px",
  borderRadius: vars.radius.sm,
  background: "linear-gradient(90deg, rgba(0,0,0,.35), rgba(0,0,0,.1))",
  border: `1px solid ${vars.color.border}`,
});
export const rowCost = style([cost, { position: "static", minWidth: 22 }]);
export const rowName = style({ overflowWrap: "anywhere", fontWeight: 600 });
export const rowRed = style({ color: "#ff8f9b" });
export const rowCount = style({ color: vars.color.gold, fontWeight: 700, fontVariantNumeric: "tabular-nums" });
export const rowButtons = style({ display: "flex", gap: 4 });
export const small = style({ padding: "2px 10px", minHeight: 28 });
export const code = style({ overflowWrap: "anywhere", wordBreak: "break-all" });

export const undoBar = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: 10,
  flexWrap: "wrap",
  padding: "8px 12px",
  marginBottom: 12,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.gold}`,
  background: "rgba(226,180,60,.12)",
});

/** On a phone the builder is two tabs (the cards, the deck) so that the deck is never below
 * all the card pictures; on a wider screen both show side by side and the tabs are hidden. */
export const tabs = style({
  display: "none",
  "@media": {
    [PHONE]: {
      display: "grid",
      gridTemplateColumns: "1fr 1fr",
      gap: 6,
      position: "sticky",
      top: 0,
      zIndex: 5,
      padding: "6px 0",
      marginBottom: 8,
      background: vars.color.bg,
    },
  },
});
export const tab = style({
  padding: "10px 8px",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.panel,
  color: vars.color.text,
  fontWeight: 600,
  cursor: "pointer",
  minWidth: 0,
  overflowWrap: "anywhere",
});
export const tabOn = style([tab, { borderColor: vars.color.gold, background: vars.color.panelRaised, color: vars.color.gold }]);
export const hiddenOnPhone = style({ "@media": { [PHONE]: { display: "none" } } });
