import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

const PHONE = "(max-width: 699px)";

/** An opponent's seat on the fixed table: its panel, then its kingdom shrunk to fit. */
export const seat = style({
  // Each seat lays itself out: a change in one kingdom does not re-lay the whole table.
  contain: "layout style",
  position: "relative",
  minWidth: 0,
  minHeight: 0,
  display: "flex",
  flexDirection: "column",
  gap: 4,
  // A hover card opened inside the seat must paint above the seats after it.
  selectors: { "&:hover, &:focus-within": { zIndex: 6 } },
  padding: 6,
  borderRadius: vars.radius.lg,
  background: "rgba(0,0,0,.22)",
  border: `1px solid ${vars.color.border}`,
  "@media": { [PHONE]: { padding: 2, contain: "none" } },
});
/** Where the seat sits around the table, seen from your chair: left, across, right. */
export const area = styleVariants({
  left: { order: 1 },
  top: { order: 2 },
  right: { order: 3 },
});
export const active = style({ borderColor: vars.color.gold, boxShadow: `0 0 0 1px ${vars.color.gold}, 0 0 18px rgba(226,180,60,.25)` });
export const partner = style({ background: "rgba(40,70,52,.35)" });
/**
 * The player panel: avatar, name, badges, score and hand. `position: relative` anchors what
 * other parts add beside a seat (a chat bubble); the status slot holds a turn clock.
 */
export const panel = style({ position: "relative", display: "flex", alignItems: "center", columnGap: 6, rowGap: 2, flexWrap: "wrap", minWidth: 0, flex: "none" });
/** The badges (turn, team, partner, bot) follow the name, or wrap below it when the seat is narrow. */
export const badges = style({ display: "inline-flex", gap: 4, flexWrap: "wrap", minWidth: 0, "@media": { [PHONE]: { flexWrap: "nowrap", overflow: "hidden" } } });
export const avatar = style({
  flex: "none",
  width: 28,
  height: 28,
  borderRadius: "50%",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  fontSize: 12,
  fontWeight: 700,
  background: vars.color.panelRaised,
  border: `1px solid ${vars.color.border}`,
  overflow: "hidden",
});
export const avatarImage = style({ width: "100%", height: "100%", objectFit: "cover" });
export const name = style({ fontWeight: 700, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", minWidth: "3em", maxWidth: "11em", flexShrink: 1 });
export const pile = style({ display: "flex", alignItems: "center", gap: 6, flex: "none" });
export const number = style({ fontSize: 13, color: vars.color.muted });
export const score = style({ fontWeight: 700, color: vars.color.gold, whiteSpace: "nowrap" });
export const status = style({ display: "inline-flex", alignItems: "center", gap: 4 });
/** The hand: a small fan of card backs and the count. */
export const handCount = style({ display: "inline-flex", alignItems: "center", gap: 2, fontWeight: 700, flex: "none" });
export const backs = style({ display: "inline-flex" });
/** The kingdom's share of the seat: whatever height the panel leaves. */
export const kingdomBox = style({ flex: 1, minHeight: 0 });
/** Phones: the seat is a row that opens on tap; the kingdom opens over the table. */
export const row = style({
  display: "flex",
  alignItems: "center",
  gap: 6,
  flexWrap: "nowrap",
  width: "100%",
  minHeight: 40,
  padding: "2px 6px",
  background: "transparent",
  color: vars.color.text,
  border: "none",
  borderRadius: vars.radius.md,
  cursor: "pointer",
  textAlign: "left",
});
export const summary = style({ fontSize: 12, color: vars.color.muted, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", minWidth: 0, flex: "1 1 0" });
export const chevron = style({ transition: "transform .2s ease", display: "inline-block" });
export const chevronOpen = style({ transform: "rotate(180deg)" });
/** A phone's opened seat: its kingdom over the table below the row, never moving the page. */
export const popover = style({
  position: "absolute",
  top: "100%",
  left: 0,
  right: 0,
  zIndex: 20,
  marginTop: 4,
  padding: 6,
  maxHeight: "45dvh",
  overflowY: "auto",
  borderRadius: vars.radius.md,
  background: vars.color.panel,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.panel,
});
export const mine = style({
  contain: "layout style",
  minHeight: 0,
  display: "flex",
  flexDirection: "column",
  gap: 4,
  padding: 6,
  borderRadius: vars.radius.lg,
  background: "rgba(0,0,0,.25)",
  border: `1px solid ${vars.color.border}`,
});
