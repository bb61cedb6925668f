import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Card } from "../../components/Card/Card";
import { cardFromId, DECK_BY_SUIT } from "../../logic/cards";
import { button } from "../../theme/ui.css";
import * as s from "./Spire.css";

/** Every face of the deck: 13 per suit and the two Jokers. */
const ALL_CARDS = DECK_BY_SUIT.flatMap((group) => group.cards.map((c) => c.id));

export default function SpireDeckGallery() {
  const [zoomed, setZoomed] = useState<string | null>(null);
  // The zoom closes on Escape too, as every overlay does.
  useEffect(() => {
    if (!zoomed) return;
    const close = (e: KeyboardEvent) => e.key === "Escape" && setZoomed(null);
    window.addEventListener("keydown", close);
    return () => window.removeEventListener("keydown", close);
  }, [zoomed]);
  return (
    <main className={s.page}>
      <header className={s.header}>
        <h1 className={s.title}>Spire Cards</h1>
        <Link to="/spire">Back to the Spire</Link>
      </header>
      <div className={s.gallery}>
        {ALL_CARDS.map((id) => (
          <Card key={id} card={cardFromId(id)} size="lg" onClick={setZoomed} />
        ))}
      </div>
      {zoomed && (
        <div className={s.overlay} role="dialog" aria-label="Card" onClick={() => setZoomed(null)}>
          <div className={s.offer}>
            <div className={s.zoom}>
              <Card card={cardFromId(zoomed)} size="lg" />
            </div>
            <button className={button.secondary}>Close</button>
          </div>
        </div>
      )}
    </main>
  );
}
