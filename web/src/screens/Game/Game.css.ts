import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const page = style({ minHeight: "100dvh", display: "flex", flexDirection: "column" });
export const header = style({
  position: "sticky",
  top: 0,
  zIndex: 20,
  display: "flex",
  alignItems: "center",
  gap: 8,
  padding: "8px 12px",
  background: "rgba(12,20,15,.97)",
  borderBottom: `1px solid ${vars.color.border}`,
});
export const title = style({ fontFamily: vars.font.display, fontSize: 20, fontWeight: 700, color: vars.color.gold, marginRight: "auto" });
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
export const sticky = style({
  padding: "10px 0",
  "@media": {
    "(min-width: 768px) and (min-height: 700px)": {
      position: "sticky",
      bottom: 0,
      zIndex: 10,
      padding: "10px 8px",
      background: "linear-gradient(rgba(15,26,20,0), rgba(15,26,20,.95) 30%)",
    },
  },
});
