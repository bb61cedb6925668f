import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const nav = style({ display: "flex", flexWrap: "wrap", gap: 6, marginBottom: 12 });
export const navLink = style({ fontSize: 13, color: vars.color.gold });

export const section = style({ scrollMarginTop: 8 });
export const title = style({ color: vars.color.gold, marginTop: 16, fontFamily: vars.font.display });
export const heading = style({ margin: "12px 0 4px", scrollMarginTop: 8 });

// Suit symbols in the text: a light red on the dark panel, black suits in the text colour.
export const red = style({ color: "#ff6b78", fontWeight: 600, whiteSpace: "nowrap" });
export const black = style({ fontWeight: 600, whiteSpace: "nowrap" });

// Pictures side by side when several follow each other; a paragraph after them starts below.
export const picture = style({ margin: "10px 28px 14px 0", display: "inline-flex", flexDirection: "column", gap: 6, verticalAlign: "top" });
export const pictureCards = style({ display: "flex", flexWrap: "wrap", gap: 6, alignItems: "center" });
export const caption = style({ fontSize: 13, color: vars.color.muted, fontStyle: "italic" });

export const tableWrap = style({ overflowX: "auto", margin: "8px 0" });
export const table = style({ borderCollapse: "collapse", fontSize: 14, width: "100%" });
export const th = style({ textAlign: "left", borderBottom: `1px solid ${vars.color.border}`, padding: "4px 8px", verticalAlign: "bottom" });
export const td = style({ borderBottom: "1px solid #26382d", padding: "4px 8px", verticalAlign: "top" });
