import { style } from "@vanilla-extract/css";

/** The hidden sprite of court pictures: laid out nowhere, but its symbols stay usable. */
export const sprite = style({ position: "absolute", width: 0, height: 0, overflow: "hidden" });
