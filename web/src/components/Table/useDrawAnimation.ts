import { useEffect, useRef, useState } from "react";
import type { GameView } from "../../net/types";

export const DRAW_GOLDEN_MS = 3000;
export const DRAW_ANIMATION_MS = 3600;

/**
 * Identifies one draw: a player draws once a turn, so hand, round and player tell draws apart
 * (cards drawn later in the turn by a Jack or Queen leave lastDrawAction as it was).
 */
export function drawKey(v: GameView): string | null {
  const d = v.lastDrawAction;
  return d ? `${v.currentHand}:${v.round ?? ""}:${d.playerNumber}:${d.source}:${d.selectedCardId ?? ""}:${d.drawnCard?.id ?? ""}:${d.timestamp ?? ""}` : null;
}

/**
 * The 3600 ms draw animation: the source glows gold for 3000 ms; then the drawn card flies
 * to the hand (useTravel) and lands at 3600 ms.
 */
export function useDrawAnimation(v: GameView): { golden: string | null } {
  const [golden, setGolden] = useState<string | null>(null);
  const seen = useRef<string | null | undefined>(undefined);
  const key = drawKey(v);
  const source = v.lastDrawAction?.source ?? null;
  useEffect(() => {
    if (seen.current === undefined || !key || key === seen.current || !source) {
      seen.current = key;
      return;
    }
    seen.current = key;
    setGolden(source);
    const t = setTimeout(() => setGolden(null), DRAW_GOLDEN_MS);
    return () => clearTimeout(t);
  }, [key, source]);
  return { golden };
}
