import { keyframes, style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

const pop = keyframes({
  "0%": { transform: "scale(.4) rotate(-10deg)", opacity: 0 },
  "60%": { transform: "scale(1.1) rotate(3deg)", opacity: 1 },
  "100%": { transform: "scale(1) rotate(0)", opacity: 1 },
});

export const overlay = style({
  position: "fixed",
  inset: 0,
  display: "grid",
  placeItems: "center",
  zIndex: 80,
  pointerEvents: "none",
  background: "radial-gradient(circle, rgba(226,180,60,.25), rgba(0,0,0,.35) 60%)",
  transition: "opacity .3s ease",
});
export const fading = style({ opacity: 0 });
export const box = style({
  textAlign: "center",
  animation: `${pop} .6s ease-out`,
  padding: "20px 32px",
  borderRadius: 20,
  background: "rgba(10,16,12,.88)",
  border: `2px solid ${vars.color.gold}`,
  boxShadow: "0 12px 40px rgba(0,0,0,.6)",
  maxWidth: "calc(100vw - 24px)",
});
export const crown = style({ color: vars.color.gold, lineHeight: 1, filter: "drop-shadow(0 6px 16px rgba(0,0,0,.5))" });
export const title = style({ fontFamily: vars.font.display, fontSize: "clamp(28px, 7vw, 48px)", color: vars.color.gold, textShadow: "0 3px 0 #5a4208" });
export const who = style({ fontSize: 20, fontWeight: 700 });
