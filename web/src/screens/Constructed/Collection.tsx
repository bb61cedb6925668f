import { useSignals } from "@preact/signals-react/runtime";
import { useRef, useState } from "react";
import { DndProvider, useDrag, useDrop } from "react-dnd";
import { HTML5Backend } from "react-dnd-html5-backend";
import { TouchBackend } from "react-dnd-touch-backend";
import { Link } from "react-router";
import { changeDeckCard, createDeck, deleteDeck, initializeCollection, selectDeck } from "../../state/actions";
import { collection, deckStats, decks, quantityIn, RANKS, selectedDeck, SUITS, type CardEntry } from "../../state/constructed";
import { showToast } from "../../state/toasts";
import { button, input, muted, panel, row } from "../../theme/ui.css";
import { SignedInOnly } from "./ConstructedHub";
import * as s from "./Constructed.css";

const CARD = "collection-card";
const isTouch = typeof window !== "undefined" && "ontouchstart" in window;
const SUIT_SIGN: Record<string, string> = { hearts: "♥", diamonds: "♦", clubs: "♣", spades: "♠", "red-joker": "★", "black-joker": "★" };
const RED = new Set(["hearts", "diamonds", "red-joker"]);

function label(c: { cardRank: string; cardSuit: string }): string {
  return c.cardRank === "JOKER" ? (c.cardSuit === "red-joker" ? "Red Hero" : "Black Hero") : `${c.cardRank}${SUIT_SIGN[c.cardSuit]}`;
}

function CardTile({ card }: { card: CardEntry }) {
  useSignals();
  const deck = selectedDeck.value;
  const inDeck = deck ? quantityIn(deck.cards, card) : 0;
  const atMax = deck !== null && inDeck >= card.quantity;
  const ref = useRef<HTMLButtonElement>(null);
  const [, drag] = useDrag(() => ({ type: CARD, item: { cardRank: card.cardRank, cardSuit: card.cardSuit }, canDrag: () => selectedDeck.value !== null }), [card]);
  drag(ref);
  return (
    <button
      ref={ref}
      type="button"
      className={[s.tile, RED.has(card.cardSuit) && s.red].filter(Boolean).join(" ")}
      disabled={deck === null}
      aria-label={`Add ${label(card)}`}
      data-card={`${card.cardRank}-${card.cardSuit}`}
      onClick={() => void changeDeckCard(card, 1)}
    >
      {atMax && <span className={s.max}>MAX</span>}
      <span className={s.rank}>{card.cardRank === "JOKER" ? "★" : card.cardRank}</span>
      <span>{card.cardRank === "JOKER" ? label(card) : SUIT_SIGN[card.cardSuit]}</span>
      <span className={s.count}>
        {inDeck} / {card.quantity}
      </span>
    </button>
  );
}

function DeckPanel() {
  useSignals();
  const deck = selectedDeck.value;
  const [paste, setPaste] = useState("");
  const [{ over }, drop] = useDrop(
    () => ({
      accept: CARD,
      drop: (item: { cardRank: string; cardSuit: string }) => void changeDeckCard(item, 1),
      collect: (m) => ({ over: m.isOver() }),
    }),
    [],
  );
  const ref = useRef<HTMLDivElement>(null);
  drop(ref);
  if (!deck) return <p className={muted}>Select or create a deck to add cards.</p>;
  const stats = deckStats(deck.cards);
  const most = Math.max(1, ...Object.values(stats.byRank));
  return (
    <div ref={ref} className={[s.dropZone, over && s.dropOver].filter(Boolean).join(" ")} data-testid="deck-panel">
      <h2>{deck.name}</h2>
      <p>
        <strong data-testid="deck-size">{deck.size}</strong> cards (30-60)
      </p>
      <p className={deck.isLegal ? s.legal : s.illegal} data-testid="deck-legality">
        {deck.isLegal ? "Legal deck" : `Not legal: ${deck.problem ?? ""}`}
      </p>
      <p>
        Numbers {stats.numbers} · Royals {stats.royals} · Heroes {stats.heroes}
      </p>
      <div className={s.chart} aria-label="Cards by rank">
        {RANKS.map((r) => (
          <div key={r} className={s.barColumn} title={`${r}: ${stats.byRank[r]}`}>
            <span>{stats.byRank[r] || ""}</span>
            <div className={[s.bar, s.barHeight[Math.round((stats.byRank[r] / most) * 20)]].join(" ")} />
            <span className={s.barLabel}>{r === "JOKER" ? "★" : r}</span>
          </div>
        ))}
      </div>
      <p>
        ♥ {stats.bySuit.hearts} · ♦ {stats.bySuit.diamonds} · ♣ {stats.bySuit.clubs} · ♠ {stats.bySuit.spades} · ★ {stats.bySuit.heroes}
      </p>
      <ul className={s.deckList}>
        {deck.cards.map((c) => (
          <li key={`${c.cardRank}-${c.cardSuit}`} className={s.entry}>
            <span>
              {c.quantity} × {label(c)}
            </span>
            <span className={row}>
              <button type="button" className={button.secondary} aria-label={`Remove ${label(c)}`} onClick={() => void changeDeckCard(c, -1)}>
                −
              </button>
              <button type="button" className={button.secondary} aria-label={`Add another ${label(c)}`} onClick={() => void changeDeckCard(c, 1)}>
                +
              </button>
            </span>
          </li>
        ))}
      </ul>
      <h3>Deck code</h3>
      <div className={row}>
        <code data-testid="deck-code">{deck.code ?? "-"}</code>
        <button
          type="button"
          className={button.secondary}
          onClick={() => {
            void navigator.clipboard?.writeText(deck.code ?? "").then(
              () => showToast({ title: "Copied", description: "Deck code copied to the clipboard" }),
              () => showToast({ title: "Error", description: "Failed to copy to clipboard", variant: "destructive" }),
            );
          }}
        >
          Copy Code
        </button>
      </div>
      <h3>Import a code or a deck list</h3>
      <textarea className={s.textarea} aria-label="Deck code or list" value={paste} onChange={(e) => setPaste(e.target.value)} />
      <button
        type="button"
        className={button.secondary}
        disabled={!paste.trim()}
        onClick={() => {
          const text = paste.trim();
          const isCode = /^K\d+-/i.test(text);
          void createDeck({ name: `${deck.name} (imported)`, ...(isCode ? { code: text } : { list: text }) }).then((ok) => ok && setPaste(""));
        }}
      >
        Import as New Deck
      </button>
    </div>
  );
}

function Builder() {
  useSignals();
  const [search, setSearch] = useState("");
  const [suit, setSuit] = useState("all");
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const shown = collection.value.filter((c) => (suit === "all" || c.cardSuit === suit) && c.cardRank.toLowerCase().includes(search.trim().toLowerCase()));
  return (
    <main className={s.page}>
      <header className={s.header}>
        <h1 className={s.title}>Collection</h1>
        <Link to="/constructed">Back</Link>
      </header>
      <div className={s.builder}>
        <section className={panel}>
          {collection.value.length === 0 ? (
            <div>
              <p>Your collection is empty.</p>
              <button type="button" className={button.primary} onClick={() => void initializeCollection()}>
                Initialize Collection
              </button>
            </div>
          ) : (
            <>
              <div className={s.filters}>
                <input className={input} placeholder="Search by rank" aria-label="Search by rank" value={search} onChange={(e) => setSearch(e.target.value)} />
                <select className={input} aria-label="Suit" value={suit} onChange={(e) => setSuit(e.target.value)}>
                  <option value="all">all</option>
                  {SUITS.map((x) => (
                    <option key={x} value={x}>
                      {x}
                    </option>
                  ))}
                </select>
              </div>
              <div className={s.grid}>
                {shown.map((c) => (
                  <CardTile key={`${c.cardRank}-${c.cardSuit}`} card={c} />
                ))}
              </div>
            </>
          )}
        </section>
        <aside className={s.side}>
          <section className={panel}>
            <h2>Decks</h2>
            <ul className={s.deckList}>
              {decks.value.map((d) => (
                <li key={d.id} className={s.deckItem}>
                  <button
                    type="button"
                    className={[button.secondary, s.deckButton, selectedDeck.value?.id === d.id && s.selected].filter(Boolean).join(" ")}
                    onClick={() => void selectDeck(d.id)}
                  >
                    {d.name} ({d.size}) {d.isLegal ? "✓" : ""}
                  </button>
                  <button type="button" className={button.danger} aria-label={`Delete ${d.name}`} onClick={() => void deleteDeck(d.id)}>
                    Delete
                  </button>
                </li>
              ))}
            </ul>
            <input className={input} placeholder="Deck name" aria-label="Deck name" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
            <input
              className={input}
              placeholder="Description (optional)"
              aria-label="Deck description"
              maxLength={500}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
            <button
              type="button"
              className={button.primary}
              disabled={!name.trim()}
              onClick={() =>
                void createDeck({ name: name.trim(), description }).then((ok) => {
                  if (ok) {
                    setName("");
                    setDescription("");
                  }
                })
              }
            >
              Create Deck
            </button>
          </section>
          <section className={panel}>
            <DeckPanel />
          </section>
        </aside>
      </div>
    </main>
  );
}

export default function Collection() {
  return (
    <SignedInOnly>
      <DndProvider backend={isTouch ? TouchBackend : HTML5Backend} options={isTouch ? { enableMouseEvents: true } : undefined}>
        <Builder />
      </DndProvider>
    </SignedInOnly>
  );
}
