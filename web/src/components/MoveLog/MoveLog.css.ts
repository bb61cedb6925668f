import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";
import { LOG_DRAWER, LOG_SIDE } from "../Table/Table.css";

/**
 * The move log: a side panel beside the table when there is room; on narrower screens and
 * phones a drawer over the table's right edge, opened by its button.
 */
export const panel = style({
  minHeight: 0,
  display: "flex",
  flexDirection: "column",
  borderRadius: vars.radius.lg,
  background: "rgba(0,0,0,.25)",
  border: `1px solid ${vars.color.border}`,
  padding: "8px 10px",
  "@media": {
    [LOG_DRAWER]: {
      position: "fixed",
      top: vars.layout.headerHeight,
      right: 0,
      bottom: 0,
      zIndex: 30,
      width: "min(86vw, 340px)",
      background: vars.color.panel,
      boxShadow: vars.shadow.panel,
      borderRadius: `${vars.radius.lg} 0 0 ${vars.radius.lg}`,
      transform: "translateX(105%)",
      visibility: "hidden",
      transition: "transform .2s ease, visibility .2s",
    },
  },
});
export const open = style({ "@media": { [LOG_DRAWER]: { transform: "none", visibility: "visible" } } });
export const head = style({ display: "flex", alignItems: "center", gap: 8, marginBottom: 6 });
export const title = style({ margin: 0, fontSize: 15, fontFamily: vars.font.display, flex: 1 });
export const close = style({ "@media": { [LOG_SIDE]: { display: "none" } } });
export const lines = style({ flex: 1, minHeight: 0, overflowY: "auto", display: "flex", flexDirection: "column", gap: 4, margin: 0, padding: 0 });
export const line = style({ margin: 0, fontSize: 13, lineHeight: 1.35, padding: "4px 6px", borderRadius: vars.radius.sm, background: "rgba(255,255,255,.04)" });
export const attack = style({ borderLeft: `3px solid ${vars.color.danger}` });
export const family = style({ borderLeft: `3px solid ${vars.color.gold}` });
export const hand = style({ color: vars.color.muted, fontStyle: "italic" });
export const empty = style({ color: vars.color.muted, fontSize: 13, margin: 0 });
/** The drawer's button (only where the log is not beside the table). */
export const toggle = style({ flex: "none", "@media": { [LOG_SIDE]: { display: "none" } } });
