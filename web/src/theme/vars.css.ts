import { createGlobalTheme } from "@vanilla-extract/css";

export const vars = createGlobalTheme(":root", {
  color: {
    bg: "#0f1a14",
    felt: "#1d4a32",
    feltDark: "#143524",
    panel: "#18241d",
    panelRaised: "#213229",
    border: "#35503f",
    text: "#f3efe2",
    muted: "#b6bfa9",
    gold: "#e2b43c",
    goldDark: "#a67c12",
    red: "#c8283a",
    black: "#1b1b1f",
    danger: "#d9434f",
    /** Behind white text (contrast above 4.5:1). */
    dangerStrong: "#a8232f",
    ok: "#3fb57a",
    /** The keyboard focus ring: blue, never mistaken for the gold of a selected card. */
    focus: "#6ec8ff",
    cardFace: "#fffdf6",
  },
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    display: "Georgia, 'Times New Roman', serif",
  },
  radius: { sm: "6px", md: "10px", lg: "16px" },
  /** The app's top bar (Game header). Fixed overlays such as toasts start below it. */
  layout: { headerHeight: "57px" },
  shadow: {
    card: "0 2px 6px rgba(0,0,0,.35)",
    panel: "0 8px 24px rgba(0,0,0,.35)",
  },
});
