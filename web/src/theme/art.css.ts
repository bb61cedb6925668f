import { createGlobalTheme } from "@vanilla-extract/css";

/** The colours beasts and structures are drawn in (web/src/art/beasts.ts), by kind. */
export const art = createGlobalTheme(":root", {
  beast: {
    horse: "#c89a5e",
    unicorn: "#ece6f7",
    dragon: "#6fb36a",
    goldenDragon: "#e8bd45",
    silverDragon: "#c5ced8",
    divineDragon: "#fff3c4",
    castle: "#bfae8a",
    cathedral: "#d8cfbd",
  },
  /** The plate a beast or structure stands on. */
  plate: "rgba(0,0,0,.28)",
  plateEdge: "rgba(255,255,255,.12)",
});
