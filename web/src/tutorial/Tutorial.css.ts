/** The tutorial overlay: banner, highlight ring, reference screens, action prompt. */
import { createVar, keyframes, style } from "@vanilla-extract/css";
import { vars } from "../theme/vars.css";

/** Phones and small tablets: the banner's text is set a little smaller. */
export const COMPACT = "(max-width: 767px)";

/**
 * The banner is docked at the top of the screen at every width: the game page (its header, the
 * table with the turn header, the dock) is laid out below it and never passes under it
 * (TutorialOverlay sets `data-tutorial-docked` on the root element and the banner's height as
 * --tutorial-top-space). A floating banner covered the turn header or the header's buttons on
 * mid-width screens, and the table's middle or the hand wherever its step sat in the centre or
 * at the bottom. On wide screens its content keeps a readable measure in the middle of the bar.
 */
export const banner = style({
  position: "fixed",
  // Below the reconnecting strip while it shows (ConnectionBanner sets the height).
  top: "var(--connection-space, 0px)",
  left: 0,
  width: "100%",
  maxHeight: "38dvh",
  overflowY: "auto",
  zIndex: 60,
  background: "rgba(24, 36, 29, 0.96)",
  border: `2px solid ${vars.color.gold}`,
  borderWidth: "0 0 2px",
  borderRadius: `0 0 ${vars.radius.lg} ${vars.radius.lg}`,
  boxShadow: vars.shadow.panel,
  padding: "10px max(16px, calc((100% - 720px) / 2))",
  color: vars.color.text,
  "@media": { [COMPACT]: { padding: "8px 12px" } },
});

export const bannerHead = style({ display: "flex", alignItems: "center", gap: 8, justifyContent: "space-between" });
export const title = style({
  margin: 0,
  fontFamily: vars.font.display,
  fontSize: 20,
  color: vars.color.gold,
  "@media": { [COMPACT]: { fontSize: 17 } },
});
export const description = style({ margin: "6px 0 8px", lineHeight: 1.4, fontSize: 15, "@media": { [COMPACT]: { margin: "4px 0 6px", fontSize: 14, lineHeight: 1.35 } } });
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

/** The step counter and Skip sit in the banner's last row, never over the dock. */
export const prompt = style({
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
