import { style } from "@vanilla-extract/css";

export const page = style({ display: "grid", placeItems: "center", minHeight: "100dvh", padding: 16 });
export const box = style({ maxWidth: 420, textAlign: "center" });
