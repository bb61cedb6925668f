/** The tutorial overlay: banner, highlight ring, reference screens, action prompt. */
import { createVar, keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../theme/vars.css";

// The banner never takes clicks meant for the table: only its controls catch the pointer.
const bannerBase = style({
  position: "fixed",
  left: "50%",
  transform: "translateX(-50%)",
  width: "min(560px, calc(100vw - 16px))",
  zIndex: 60,
  pointerEvents: "none",
  background: "rgba(24, 36, 29, 0.94)",
  border: `2px solid ${vars.color.gold}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.panel,
  padding: "12px 16px",
  color: vars.color.text,
});

/**
 * Screens narrower than this (phones, small tablets) have no room beside the table: the banner
 * docks at the top for every step and the game page is laid out below it (TutorialOverlay sets
 * `data-tutorial-docked` on the root element and the banner's height as --tutorial-top-space).
 */
export const DOCKED = "(max-width: 767px)";

export const banner = styleVariants({
  top: [bannerBase, { top: 8 }],
  bottom: [bannerBase, { bottom: 8 }],
  center: [bannerBase, { top: "30%" }],
  // Covers nothing (the page starts below it), so it may take the pointer and scroll itself.
  docked: [
    bannerBase,
    {
      // Below the reconnecting strip while it shows (ConnectionBanner sets the height).
      top: "var(--connection-space, 0px)",
      left: 0,
      transform: "none",
      width: "100%",
      maxHeight: "38dvh",
      overflowY: "auto",
      pointerEvents: "auto",
      borderWidth: "0 0 2px",
      borderRadius: `0 0 ${vars.radius.lg} ${vars.radius.lg}`,
      padding: "8px 12px",
    },
  ],
});

export const bannerHead = style({ display: "flex", alignItems: "center", gap: 8, justifyContent: "space-between" });
export const title = style({
  margin: 0,
  fontFamily: vars.font.display,
  fontSize: 20,
  color: vars.color.gold,
  "@media": { [DOCKED]: { fontSize: 17 } },
});
export const description = style({ margin: "6px 0 8px", lineHeight: 1.4, fontSize: 15, "@media": { [DOCKED]: { margin: "4px 0 6px", fontSize: 14, lineHeight: 1.35 } } });
export const controls = style({ display: "flex", alignItems: "center", gap: 8, justifyContent: "flex-end", flexWrap: "wrap" });
export const interactive = style({ pointerEvents: "auto" });
export const hint = style({ fontStyle: "italic", color: vars.color.muted, fontSize: 14, marginRight: "auto" });
export const select = style({
  pointerEvents: "auto",
  background: vars.color.panelRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: "4px 6px",
});

const pulse = keyframes({
  "0%": { boxShadow: `0 0 0 0 rgba(226,180,60,.7)` },
  "70%": { boxShadow: `0 0 0 12px rgba(226,180,60,0)` },
  "100%": { boxShadow: `0 0 0 0 rgba(226,180,60,0)` },
});

/** The highlight ring's place, set from the highlighted element's rectangle. */
export const ringTop = createVar();
export const ringLeft = createVar();
export const ringWidth = createVar();
export const ringHeight = createVar();

export const highlight = style({
  position: "fixed",
  top: ringTop,
  left: ringLeft,
  width: ringWidth,
  height: ringHeight,
  zIndex: 55,
  pointerEvents: "none",
  border: `3px solid ${vars.color.gold}`,
  borderRadius: vars.radius.md,
  animation: `${pulse} 1.6s infinite`,
  transition: "all .2s ease",
});

export const prompt = style({
  position: "fixed",
  right: 8,
  bottom: 8,
  zIndex: 61,
  display: "flex",
  alignItems: "center",
  gap: 8,
  padding: "6px 10px",
  background: vars.color.panel,
  border: `1px solid ${vars.color.border}`,
  borderRadius: 999,
  fontSize: 13,
  color: vars.color.muted,
});

/** Docked, the step counter and Skip sit in the banner's last row instead of over the dock. */
export const promptDocked = style({
  display: "flex",
  alignItems: "center",
  gap: 8,
  marginRight: "auto",
  fontSize: 13,
  color: vars.color.muted,
});

export const reference = style({
  position: "fixed",
  inset: 0,
  zIndex: 70,
  background: "rgba(10, 18, 13, 0.97)",
  overflowY: "auto",
  padding: "32px 16px",
  color: vars.color.text,
});
export const referenceInner = style({ maxWidth: 760, margin: "0 auto" });
export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))",
  gap: 12,
  margin: "16px 0 24px",
});
export const tile = style({
  background: vars.color.panel,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: 12,
});
export const tileTitle = style({ margin: "0 0 4px", color: vars.color.gold, fontSize: 17 });
export const tileText = style({ margin: 0, fontSize: 14, lineHeight: 1.4 });
export const skip = style({ minHeight: 28, padding: "2px 10px" });
export const referenceTitle = style({ fontSize: 28 });
