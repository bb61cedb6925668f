import type { Tier } from "../../net/types";
import { tier as tierStyle } from "./TierBadge.css";

/** A tier's badge; `label` is what the server says it shows ('Placement 2/5' or 'Gold'). The
 * tiers' rating ranges are the server's too (GET /api/ranked/tiers: `loadTiers`). */
export function TierBadge({ tier, label, inPlacement }: { tier: Tier; label: string; inPlacement?: boolean }) {
  return (
    <span className={inPlacement ? tierStyle.placement : tierStyle[tier]} data-testid="tier-badge">
      {label}
    </span>
  );
}
