import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const page = style({ maxWidth: 1280, margin: "0 auto", padding: "12px 16px 48px" });
export const top = style({ display: "flex", flexWrap: "wrap", alignItems: "baseline", justifyContent: "space-between", gap: 12 });
export const title = style({ color: vars.color.gold, fontFamily: vars.font.display, margin: "8px 0 2px" });
export const subtitle = style({ color: vars.color.muted, margin: 0, maxWidth: 720 });

export const toolbar = style({
  position: "sticky",
  top: 0,
  zIndex: 5,
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: 8,
  padding: "10px 0",
  margin: "8px 0 4px",
  background: vars.color.bg,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const status = style({ color: vars.color.muted, fontSize: 14, marginLeft: "auto" });
export const help = style({ color: vars.color.muted, fontSize: 13, margin: "8px 0 12px" });
export const code = style({ fontFamily: "ui-monospace, monospace", color: vars.color.text });

export const index = style({ display: "flex", flexWrap: "wrap", gap: 6, margin: "0 0 8px", padding: 0, listStyle: "none" });
export const indexLink = style({ fontSize: 13, color: vars.color.gold });
export const dot = style({ color: vars.color.gold, marginLeft: 3 });

export const section = style({
  marginTop: 16,
  padding: 12,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.panel,
  scrollMarginTop: 64,
});
export const edited = style({ borderColor: vars.color.gold, boxShadow: `inset 3px 0 0 ${vars.color.gold}` });
export const sectionHead = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 8, marginBottom: 8 });
export const titleInput = style({ flex: "1 1 220px", fontWeight: 700 });
export const columns = style({
  display: "grid",
  gap: 12,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 420px), 1fr))",
});
export const label = style({ display: "flex", flexDirection: "column", gap: 4, fontSize: 13, color: vars.color.muted });
export const textarea = style({
  minHeight: 320,
  resize: "vertical",
  padding: 10,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: "#0c140f",
  color: vars.color.text,
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace",
  fontSize: 13,
  lineHeight: 1.5,
});
export const preview = style({
  maxHeight: 520,
  overflowY: "auto",
  padding: "0 14px 8px",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.panelRaised,
});
export const previewLabel = style({ fontSize: 13, color: vars.color.muted, marginBottom: 4 });
