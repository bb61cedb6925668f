import { useSignals } from "@preact/signals-react/runtime";
import { useEffect } from "react";
import type { GameView } from "../../net/types";
import { loadConstructed, loadUser, roomCall } from "../../state/actions";
import { decks } from "../../state/constructed";
import { user } from "../../state/game";
import { badgeOk, button, muted, panel } from "../../theme/ui.css";
import * as s from "./Constructed.css";

/** The waiting room of a Constructed game: each player's deck, and the choice of one's own. */
export function DeckChooser({ v }: { v: GameView }) {
  useSignals();
  useEffect(() => {
    void loadUser().then((me) => me && loadConstructed());
  }, []);
  const me = v.players.find((p) => p.number === v.myPlayerNumber);
  const legal = decks.value.filter((d) => d.isLegal);
  return (
    <section className={panel} aria-label="Decks">
      <h2>Decks</h2>
      <ul className={s.deckList}>
        {v.players.map((p) => (
          <li key={p.id ?? p.number} className={s.entry}>
            <span>{p.name}</span>
            {p.hasDeck ? <span className={badgeOk}>{p.deckName}</span> : <span className={muted}>choosing a deck…</span>}
          </li>
        ))}
      </ul>
      {!user.value ? (
        <p className={muted}>Sign in to play one of your own decks.</p>
      ) : legal.length === 0 ? (
        <p className={muted}>You have no legal deck yet: build one in your Collection.</p>
      ) : (
        <div className={s.deckList}>
          {legal.map((d) => (
            <button
              key={d.id}
              type="button"
              className={[button.secondary, me?.deckName === d.name && s.selected].filter(Boolean).join(" ")}
              onClick={() => void roomCall("chooseDeck", { deckId: d.id })}
            >
              Play {d.name} ({d.size})
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
