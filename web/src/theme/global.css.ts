import { globalStyle, keyframes } from "@vanilla-extract/css";
import { vars } from "./vars.css";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });
globalStyle("html", { background: vars.color.bg });
globalStyle("html, body, #root", { margin: 0, minHeight: "100%" });
globalStyle("body", {
  background: `radial-gradient(ellipse at top, ${vars.color.felt}, ${vars.color.bg} 70%) no-repeat`,
  color: vars.color.text,
  fontFamily: vars.font.body,
  lineHeight: 1.4,
  WebkitTapHighlightColor: "transparent",
});
globalStyle("h1, h2, h3", { fontFamily: vars.font.display, margin: "0 0 .5em" });
globalStyle("a", { color: vars.color.gold });
globalStyle("button, input, select", { font: "inherit" });
globalStyle(":focus-visible", { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" });
globalStyle(".sr-only", {
  position: "absolute",
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: "hidden",
  clip: "rect(0,0,0,0)",
  whiteSpace: "nowrap",
  border: 0,
});

export const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
