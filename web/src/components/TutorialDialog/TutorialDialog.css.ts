import { style } from "@vanilla-extract/css";

export const buttons = style({ display: "flex", gap: 8, justifyContent: "flex-end" });
