import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const seat = style({
  // Each seat lays itself out: a change in one kingdom does not re-lay the whole table.
  contain: "layout style",
  position: "relative",
  minWidth: 0,
  // A hover card opened inside the seat must paint above the seats after it.
  selectors: { "&:hover, &:focus-within": { zIndex: 6 } },
  padding: 8,
  borderRadius: vars.radius.lg,
  background: "rgba(0,0,0,.22)",
  border: `1px solid ${vars.color.border}`,
  alignSelf: "start",
});
/** Where the seat sits around the table (grid areas of the Table's ring). */
export const area = styleVariants({
  top: { gridArea: "top", justifySelf: "center", width: "min(100%, 640px)" },
  left: { gridArea: "left" },
  right: { gridArea: "right" },
});
export const active = style({ borderColor: vars.color.gold, boxShadow: `0 0 0 1px ${vars.color.gold}, 0 0 18px rgba(226,180,60,.25)` });
export const partner = style({ background: "rgba(40,70,52,.35)" });
export const head = style({ display: "flex", alignItems: "center", gap: 6, flexWrap: "wrap", marginBottom: 6 });
export const name = style({ fontWeight: 700, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", maxWidth: "12em" });
export const pile = style({ display: "flex", alignItems: "center", gap: 6, marginBottom: 6 });
export const number = style({ fontSize: 13, color: vars.color.muted });
/** The hand: a small fan of card backs and the count. */
export const handCount = style({ marginLeft: "auto", display: "inline-flex", alignItems: "center", gap: 4, fontWeight: 700 });
export const backs = style({ display: "inline-flex" });
export const back = style({ selectors: { "& + &": { marginLeft: -24 } } });
/** Phones: the seat is a row that opens on tap. */
export const row = style({
  display: "flex",
  alignItems: "center",
  gap: 6,
  flexWrap: "wrap",
  width: "100%",
  minHeight: 44,
  padding: "4px 6px",
  background: "transparent",
  color: vars.color.text,
  border: "none",
  borderRadius: vars.radius.md,
  cursor: "pointer",
  textAlign: "left",
});
export const summary = style({ flexBasis: "100%", fontSize: 13, color: vars.color.muted });
export const chevron = style({ transition: "transform .2s ease", display: "inline-block" });
export const chevronOpen = style({ transform: "rotate(180deg)" });
export const mine = style({
  contain: "layout style",
  padding: 10,
  borderRadius: vars.radius.lg,
  background: "rgba(0,0,0,.25)",
  border: `1px solid ${vars.color.border}`,
});
