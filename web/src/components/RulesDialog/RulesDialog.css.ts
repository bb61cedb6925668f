import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const subheading = style({ margin: "12px 0 4px" });
export const tableWrap = style({ overflowX: "auto" });
export const table = style({ borderCollapse: "collapse", fontSize: 14, width: "100%" });
export const th = style({ textAlign: "left", borderBottom: `1px solid ${vars.color.border}`, padding: "4px 8px" });
export const td = style({ borderBottom: "1px solid #26382d", padding: "4px 8px" });
export const nav = style({ display: "flex", flexWrap: "wrap", gap: 6, marginBottom: 12 });
export const navLink = style({ fontSize: 13 });
export const sectionTitle = style({ color: vars.color.gold, marginTop: 16 });
