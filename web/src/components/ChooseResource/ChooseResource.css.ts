import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const section = style({ textAlign: "center" });
export const title = style({ fontFamily: vars.font.display, fontSize: "clamp(20px, 5vw, 28px)", margin: 0 });
export const players = style({ listStyle: "none", padding: 0, display: "flex", gap: 8, justifyContent: "center", flexWrap: "wrap", marginTop: 16 });
