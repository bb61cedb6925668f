import { useEffect, useRef, useState } from "react";
import type { GameView } from "../../net/types";
import { DRAW_GOLDEN_MS, drawKey } from "../../state/pacing";
import { animationScale } from "../../state/settings";

export { DRAW_ANIMATION_MS, DRAW_GOLDEN_MS, drawKey } from "../../state/pacing";

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
    const t = setTimeout(() => setGolden(null), DRAW_GOLDEN_MS * animationScale());
    return () => clearTimeout(t);
  }, [key, source]);
  return { golden };
}
