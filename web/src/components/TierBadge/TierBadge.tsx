import type { Ladder, Tier } from "../../net/types";
import { tier as tierStyle } from "./TierBadge.css";

export interface TierInfo {
  tier: Tier;
  name: string;
  from: number;
  to: number | null;
  /** Legend only: the ladder it exists on, and the rating a Legend keeps it down to. */
  ladder?: Ladder;
  keptFrom?: number;
}

/** For the Tier System card (the server decides each ranking's tier: docs/rules.md). */
export const TIERS: TierInfo[] = [
  { tier: "bronze", name: "Bronze", from: 0, to: 799 },
  { tier: "silver", name: "Silver", from: 800, to: 1199 },
  { tier: "gold", name: "Gold", from: 1200, to: 1599 },
  { tier: "platinum", name: "Platinum", from: 1600, to: 1999 },
  { tier: "diamond", name: "Diamond", from: 2000, to: null },
  { tier: "legend", name: "Legend", from: 2400, to: null, ladder: "constructed", keptFrom: 2300 },
];

/** The tiers of a ladder, lowest first. */
export function tiersOf(ladder: Ladder): TierInfo[] {
  return TIERS.filter((t) => !t.ladder || t.ladder === ladder);
}

/** A tier's badge; `label` is what the server says it shows ('Placement 2/5' or 'Gold'). */
export function TierBadge({ tier, label, inPlacement }: { tier: Tier; label: string; inPlacement?: boolean }) {
  return (
    <span className={inPlacement ? tierStyle.placement : tierStyle[tier]} data-testid="tier-badge">
      {label}
    </span>
  );
}
