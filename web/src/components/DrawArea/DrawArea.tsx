import type { ActionJson, Card as CardData } from "../../net/types";
import { cardName } from "../../logic/cards";
import { Card } from "../Card/Card";
import * as s from "./DrawArea.css";

export interface DrawAreaProps {
  /** Cards to draw from: the shared deck, or in Constructed the player's own pile. */
  deckCount: number;
  /** Constructed: the deck and the revealed pair are the player's own (their labels say so). */
  own?: boolean;
  revealed: (CardData | null)[];
  discardPile: CardData[];
  discardCount: number;
  /** Legal drawCard actions by source. */
  draws: Map<string, ActionJson>;
  onDraw: (action: ActionJson) => void;
  /** The source glowing gold during the draw animation: the deck (a revealed card that was
   * taken glows itself, where it lay: components/Table/useTravel.ts). */
  goldenSource?: string | null;
}


/** The deck, the two revealed cards and the discard pile. */
export function DrawArea({ deckCount, own, revealed, discardPile, discardCount, draws, onDraw, goldenSource }: DrawAreaProps) {
  const deckDraw = draws.get("deck");
  const top = discardPile[discardPile.length - 1] ?? null;
  return (
    <section aria-label="Draw area" data-testid="draw-area" className={s.area}>
      <div className={s.pile} data-zone="deck">
        <span className={s.label} data-testid="deck-count">
          {own ? "Your pile" : "Deck"} · {deckCount}
        </span>
        <Card
          card={null}
          size="md"
          label={own ? `Draw from your own pile (${deckCount} cards)` : `Draw from the deck (${deckCount} cards)`}
          onClick={deckDraw ? () => onDraw(deckDraw) : () => undefined}
          disabled={!deckDraw}
          golden={goldenSource === "deck"}
          testId="draw-deck"
        />
      </div>
      {[0, 1].map((i) => {
        const c = revealed[i] ?? null;
        const source = `revealed${i + 1}`;
        const action = draws.get(source);
        return (
          <div key={source} className={s.pile} data-zone={source}>
            <span className={s.label}>{own ? "Your revealed" : "Revealed"}</span>
            {c ? (
              <Card
                card={c}
                size="md"
                label={`Draw the revealed ${cardName(c)}`}
                onClick={action ? () => onDraw(action) : () => undefined}
                disabled={!action}
                testId={`draw-${source}`}
              />
            ) : (
              <span className={s.emptySlot} aria-label="No revealed card" role="img" />
            )}
          </div>
        );
      })}
      <div className={s.pile} data-zone="discard">
        <span className={s.label}>Discard · {discardCount}</span>
        {top ? (
          <Card card={top} size="md" label={`Discard pile, top card ${cardName(top)}`} testId="discard-top" />
        ) : (
          <span className={s.emptySlot} role="img" aria-label="Discard pile, empty" />
        )}
      </div>
    </section>
  );
}
