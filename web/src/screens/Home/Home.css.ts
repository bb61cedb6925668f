import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const page = style({ maxWidth: 1080, margin: "0 auto", padding: "12px 16px 32px" });

export const topBar = style({ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 8, marginBottom: 8 });

export const hero = style({ textAlign: "center", margin: "16px 0 24px" });
export const title = style({
  fontSize: "clamp(40px, 10vw, 72px)",
  margin: 0,
  color: vars.color.gold,
  letterSpacing: 2,
  textShadow: "0 3px 0 #5a4208, 0 8px 24px rgba(0,0,0,.5)",
});
export const tagline = style({ color: vars.color.muted, margin: "4px 0 0" });

export const section = style({ marginBottom: 24 });
export const sectionTitle = style({ fontSize: 18, color: vars.color.muted, textTransform: "uppercase", letterSpacing: 1.5 });

export const grid = style({
  display: "grid",
  gap: 12,
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 230px), 1fr))",
});

export const modeCard = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: 6,
  width: "100%",
  minHeight: 120,
  padding: 16,
  textAlign: "left",
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: `linear-gradient(160deg, ${vars.color.panelRaised}, ${vars.color.panel})`,
  color: vars.color.text,
  cursor: "pointer",
  boxShadow: vars.shadow.card,
  transition: "transform .12s ease, border-color .12s ease",
  selectors: {
    "&:hover:not([aria-disabled='true'])": { transform: "translateY(-2px)", borderColor: vars.color.gold },
    "&[aria-disabled='true']": { opacity: 0.5, cursor: "not-allowed" },
  },
});
export const modeIcon = style({ fontSize: 30 });
export const modeName = style({ fontFamily: vars.font.display, fontSize: 20, fontWeight: 700 });
export const modeText = style({ fontSize: 14, color: vars.color.muted });

export const bottom = style({ display: "flex", flexWrap: "wrap", gap: 10, justifyContent: "center", marginTop: 8 });

export const full = style({ width: "100%" });
export const account = style({ display: "flex", gap: 8 });
export const modeLabel = style({ display: "inline-flex", alignItems: "center", gap: 6 });
/** 'Return to your game': offered at the top of the home page while the player holds a seat. */
export const returnBar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "center",
  gap: 12,
  padding: "10px 14px",
  margin: "0 auto 12px",
  maxWidth: 720,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.gold}`,
  background: "rgba(226,180,60,.12)",
});
