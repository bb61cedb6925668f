/**
 * The card galleries: every card of one deck style at a large or a small size,
 * with the alternate Peasant and Vendor faces. Drawn by the table's own card component.
 */
import { useCallback, useState } from "react";
import { Link, useLocation } from "react-router";
import { Card, CardFace } from "../../components/Card/Card";
import { Dialog } from "../../components/Dialog/Dialog";
import { ALTERNATE_FACES, DECK_BY_SUIT, cardName, shortName } from "../../logic/cards";
import type { Card as CardData } from "../../net/types";
import type { DeckStyle } from "../../state/settings";
import * as s from "./Gallery.css";

export type GallerySize = "large" | "small";

const GALLERIES: { path: string; deck: DeckStyle; size: GallerySize; label: string }[] = [
  { path: "/cards", deck: "modern", size: "large", label: "Modern" },
  { path: "/smallcards", deck: "modern", size: "small", label: "Modern, small" },
  { path: "/newcards", deck: "classic", size: "large", label: "Classic" },
  { path: "/smallnewcards", deck: "classic", size: "small", label: "Classic, small" },
];

const EVERY_CARD: Shown[] = [...DECK_BY_SUIT.flatMap((g) => g.cards.map((card) => ({ card, name: cardName(card) }))), ...ALTERNATE_FACES];

const DECK_NAMES: Record<DeckStyle, string> = { modern: "Modern", classic: "Classic" };

interface Shown {
  card: CardData;
  name: string;
}

function Tile({ shown, deck, size, onOpen }: { shown: Shown; deck: DeckStyle; size: GallerySize; onOpen: (cardId: string) => void }) {
  return (
    <li className={s.item} data-testid="gallery-card" data-card-id={shown.card.id}>
      <Card card={shown.card} size={size === "large" ? "xl" : "sm"} styleOverride={deck} label={shown.name} onClick={onOpen} />
      <span className={s.caption[size]}>{shown.card.suit === "peasant" ? shown.name : shortName(shown.card)}</span>
    </li>
  );
}

export function Gallery({ deck, size }: { deck: DeckStyle; size: GallerySize }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState<Shown | null>(null);
  const count = DECK_BY_SUIT.reduce((n, g) => n + g.cards.length, 0);
  const openCard = useCallback((id: string) => setOpen(EVERY_CARD.find((c) => c.card.id === id) ?? null), []);
  return (
    <main className={s.page} data-testid="gallery" data-deck={deck} data-size={size}>
      <div className={s.top}>
        <div>
          <h1 className={s.title}>
            {DECK_NAMES[deck]} Deck{size === "small" ? ", small" : ""}
          </h1>
          <p className={s.subtitle}>
            The {count} cards of the deck and {ALTERNATE_FACES.length} alternate faces. Choose a card to see it larger.
          </p>
        </div>
        <nav aria-label="Card galleries" className={s.nav}>
          <Link to="/" className={s.navLink}>
            Home
          </Link>
          {GALLERIES.map((g) => (
            <Link key={g.path} to={g.path} className={s.navLink} aria-current={pathname === g.path ? "page" : undefined}>
              {g.label}
            </Link>
          ))}
        </nav>
      </div>
      {DECK_BY_SUIT.map((group) => (
        <section key={group.suit} className={s.suit} aria-label={group.name}>
          <h2 className={s.suitTitle}>{group.name}</h2>
          <ul className={s.grid[size]}>
            {group.cards.map((card) => (
              <Tile key={card.id} shown={{ card, name: cardName(card) }} deck={deck} size={size} onOpen={openCard} />
            ))}
          </ul>
        </section>
      ))}
      <section className={s.suit} aria-label="Alternate faces">
        <h2 className={s.suitTitle}>Alternate faces</h2>
        <p className={s.note}>Peasants and Vendors are artwork only: they are never dealt.</p>
        <ul className={s.grid[size]}>
          {ALTERNATE_FACES.map((face) => (
            <Tile key={face.card.id} shown={face} deck={deck} size={size} onOpen={openCard} />
          ))}
        </ul>
      </section>
      {open && (
        <Dialog title={open.name} onClose={() => setOpen(null)} testId="gallery-zoom">
          <div className={s.zoom}>
            <div className={s.zoomCard} role="img" aria-label={open.name}>
              <CardFace card={open.card} deck={deck} />
            </div>
          </div>
        </Dialog>
      )}
    </main>
  );
}

/** The four gallery routes, by path. */
export default function GalleryScreen() {
  const { pathname } = useLocation();
  const g = GALLERIES.find((x) => x.path === pathname) ?? GALLERIES[0];
  return <Gallery deck={g.deck} size={g.size} />;
}
