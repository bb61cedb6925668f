import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const page = style({ maxWidth: 860, margin: "0 auto", padding: "12px 16px 32px" });
export const topBar = style({ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 8, marginBottom: 8 });
export const title = style({ fontFamily: vars.font.display, color: vars.color.gold, margin: "8px 0 4px", fontSize: 36 });
export const heading = style({ display: "flex", justifyContent: "space-between", alignItems: "flex-end", gap: 12, flexWrap: "wrap", marginBottom: 16 });
export const seasonName = style({ color: vars.color.muted, margin: 0, fontSize: 18 });

export const table = style({ width: "100%", borderCollapse: "collapse", fontVariantNumeric: "tabular-nums" });
const PHONE = "(max-width: 560px)";
export const th = style({
  textAlign: "left",
  fontSize: 12,
  color: vars.color.muted,
  textTransform: "uppercase",
  letterSpacing: 1,
  padding: "8px 10px",
  borderBottom: `1px solid ${vars.color.border}`,
  "@media": { [PHONE]: { padding: "8px 4px" } },
});
export const td = style({
  padding: "10px",
  borderBottom: `1px solid ${vars.color.border}`,
  "@media": { [PHONE]: { padding: "8px 4px" } },
});
export const num = style({ textAlign: "right" });
export const me = style({ background: "rgba(226, 180, 60, .12)" });
export const nameCell = style({ width: "100%" });
/** A name breaks between words only (never inside one): usernames have no spaces, so a long one
 * takes the room the phone layout leaves it (W/L and tier move into other cells there). */
export const name = style({ display: "block", fontWeight: 600, overflowWrap: "normal", wordBreak: "keep-all" });
/** The W/L and Tier columns on a wide screen; on a phone they move under the rating and name. */
export const wideOnly = style({ "@media": { [PHONE]: { display: "none" } } });
export const narrowOnly = style({ display: "none", "@media": { [PHONE]: { display: "block", marginTop: 4 } } });
export const subline = style({ fontSize: 12, color: vars.color.muted });

const medalBase = style({
  display: "inline-grid",
  placeItems: "center",
  width: 28,
  height: 28,
  borderRadius: "50%",
  fontWeight: 800,
  fontSize: 14,
  border: "2px solid transparent",
});
export const medal = styleVariants({
  1: [medalBase, { background: "#f2c84b", color: "#3d2b00", borderColor: "#b38a12" }],
  2: [medalBase, { background: "#cfd6dc", color: "#22292f", borderColor: "#8c969e" }],
  3: [medalBase, { background: "#c98b4f", color: "#2d1a07", borderColor: "#8a5a2b" }],
});
export const place = style({ display: "inline-block", minWidth: 28, textAlign: "center", color: vars.color.muted, fontWeight: 700 });
export const empty = style({ textAlign: "center", padding: 32, color: vars.color.muted });
export const note = style({ color: vars.color.muted, margin: "0 0 12px", fontSize: 14 });

export const tabs = style({ display: "inline-grid", gridTemplateColumns: "repeat(3, minmax(110px, 1fr))", gap: 4, margin: "4px 0 16px", background: vars.color.feltDark, padding: 4, borderRadius: vars.radius.md });
export const tab = style({
  minHeight: 38,
  border: "none",
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.muted,
  fontWeight: 700,
  fontSize: 15,
  cursor: "pointer",
  selectors: {
    "&[aria-selected='true']": { background: vars.color.panelRaised, color: vars.color.gold },
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});
