import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const cardTitle = style({ margin: "0 0 12px", fontFamily: vars.font.display, fontSize: 20 });

export const rating = style({ fontSize: 44, fontWeight: 800, color: vars.color.gold, lineHeight: 1.1 });
export const ratingUnit = style({ fontSize: 16, color: vars.color.muted, marginLeft: 6 });
export const stats = style({
  display: "grid",
  gridTemplateColumns: "repeat(4, 1fr)",
  gap: 8,
  margin: "12px 0",
  textAlign: "center",
});
export const statValue = style({ fontSize: 22, fontWeight: 700 });
export const statLabel = style({ fontSize: 12, color: vars.color.muted, textTransform: "uppercase", letterSpacing: 1 });

export const progress = style({
  appearance: "none",
  width: "100%",
  height: 8,
  border: "none",
  borderRadius: 999,
  overflow: "hidden",
  background: vars.color.panelRaised,
  color: vars.color.gold,
  selectors: {
    "&::-webkit-progress-bar": { background: vars.color.panelRaised },
    "&::-webkit-progress-value": { background: vars.color.gold },
    "&::-moz-progress-bar": { background: vars.color.gold },
  },
});
export const placementLine = style({ fontSize: 14, color: vars.color.muted, margin: "6px 0 0" });

export const infoList = style({ margin: 0, display: "grid", gridTemplateColumns: "auto 1fr", gap: "6px 16px" });
export const infoTerm = style({ color: vars.color.muted });
export const infoValue = style({ margin: 0, fontWeight: 600 });

export const tierRow = style({ display: "flex", justifyContent: "space-between", alignItems: "center", padding: "6px 0", borderBottom: `1px solid ${vars.color.border}` });
export const tierRange = style({ color: vars.color.muted, fontVariantNumeric: "tabular-nums", textAlign: "right" });

export const queue = style({ display: "flex", flexDirection: "column", alignItems: "center", gap: 12, textAlign: "center" });
export const counts = style({ display: "flex", gap: 8, justifyContent: "center", flexWrap: "wrap" });
export const countChosen = style({ outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 });
export const hint = style({ color: vars.color.muted, margin: 0, fontSize: 14 });

const pulse = keyframes({ "0%, 100%": { opacity: 1 }, "50%": { opacity: 0.45 } });
export const searching = style({ fontSize: 20, fontWeight: 700, animation: `${pulse} 1.6s ease-in-out infinite` });
export const searchFacts = style({ color: vars.color.muted, fontVariantNumeric: "tabular-nums" });

/* The ladder screens' layout (Ranked, the Constructed ladder). */
export const page = style({ maxWidth: 960, margin: "0 auto", padding: "12px 16px 32px" });
export const seasonName = style({ color: vars.color.muted, margin: "0 0 20px", fontSize: 18 });
export const grid = style({
  display: "grid",
  gap: 16,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 280px), 1fr))",
  marginBottom: 16,
});
