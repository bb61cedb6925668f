import { style } from "@vanilla-extract/css";

export const hint = style({ marginTop: 0 });
export const options = style({ listStyle: "none", padding: 0, margin: 0, display: "flex", flexDirection: "column", gap: 8 });
export const option = style({ width: "100%", justifyContent: "flex-start", gap: 12 });
export const skipRow = style({ display: "flex", justifyContent: "flex-end", marginTop: 12 });
