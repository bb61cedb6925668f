import type { Card as CardData } from "../../net/types";
import { Card } from "../Card/Card";
import * as s from "./Hand.css";

export interface HandProps {
  cards: CardData[];
  selected: readonly string[];
  /** Cards that can be clicked; others are shown disabled. Undefined: all clickable. */
  enabledIds?: ReadonlySet<string>;
  onToggle?: (cardId: string) => void;
  bounceId?: string | null;
}

/** My hand. Selection is the caller's; clicking toggles a card. */
export function Hand({ cards, selected, enabledIds, onToggle, bounceId }: HandProps) {
  const sel = new Set(selected);
  return (
    <div role="group" aria-label="Your hand" data-testid="hand" data-zone="hand" className={s.hand}>
      {cards.length === 0 && <span className={s.empty}>Your hand is empty.</span>}
      {cards.map((c) => (
        <span key={c.id} className={s.slot}>
          <Card
            card={c}
            size="lg"
            selected={sel.has(c.id)}
            disabled={enabledIds ? !enabledIds.has(c.id) : false}
            onClick={onToggle}
            bounce={bounceId === c.id}
            testId="hand-card"
          />
        </span>
      ))}
    </div>
  );
}
