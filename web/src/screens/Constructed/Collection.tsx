/**
 * /constructed/collection: the deck builder. The collection as card pictures (search by name,
 * a suit filter), and beside it the deck: its list with counts, a curve of its costs, its
 * legality reasons, its code. The limits are the server's (the library's R34): a card the deck
 * cannot take says why instead of being added. On a phone the two halves are tabs.
 */
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef, useState } from "react";
import { DndProvider, useDrag, useDrop } from "react-dnd";
import { HTML5Backend } from "react-dnd-html5-backend";
import { TouchBackend } from "react-dnd-touch-backend";
import { Link, useSearchParams } from "react-router";
import { Card } from "../../components/Card/Card";
import { Dialog } from "../../components/Dialog/Dialog";
import { isRed, shortName } from "../../logic/cards";
import type { Card as CardData, Rank, Suit } from "../../net/types";
import { changeDeckCard, createDeck, deleteDeck, initializeCollection, restoreDeck, selectDeck } from "../../state/actions";
import {
  collection,
  costCurve,
  deckRows,
  decks,
  filterCards,
  quantityIn,
  refusal,
  selectedDeck,
  suitGroups,
  type CardEntry,
  type CollectionCard,
  type DeckSummary,
} from "../../state/constructed";
import { showToast } from "../../state/toasts";
import { button, input, muted, panel, row } from "../../theme/ui.css";
import { SignedInOnly } from "./ConstructedHub";
import * as s from "./Constructed.css";
import * as b from "./Collection.css";

const CARD = "collection-card";
const isTouch = typeof window !== "undefined" && "ontouchstart" in window;
/** How long the Undo of a deleted deck stays offered. */
const UNDO_MS = 10000;

/** A collection or deck entry as the card a game view would hold (for its picture and names). */
function faceOf(c: CardEntry, id = ""): CardData {
  return { id, suit: c.cardSuit as Suit, rank: c.cardRank as Rank };
}

/** 'Q♥', 'Red Hero': the short name on a deck row's buttons. */
function shortLabel(c: CardEntry): string {
  return shortName(faceOf(c));
}

function CardTile({ card }: { card: CollectionCard }) {
  useSignals();
  const deck = selectedDeck.value;
  const inDeck = deck ? quantityIn(deck.cards, card) : 0;
  const refused = refusal(deck, card);
  const ref = useRef<HTMLButtonElement>(null);
  const [, drag] = useDrag(() => ({ type: CARD, item: { cardRank: card.cardRank, cardSuit: card.cardSuit }, canDrag: () => selectedDeck.value !== null }), [card]);
  drag(ref);
  return (
    <button
      ref={ref}
      type="button"
      className={[b.tile, refused && b.tileRefused].filter(Boolean).join(" ")}
      disabled={deck === null}
      aria-label={`Add ${card.name}`}
      aria-describedby={refused ? `why-${card.id}` : undefined}
      title={refused ?? `Add ${card.name}`}
      data-card={`${card.cardRank}-${card.cardSuit}`}
      onClick={() => void changeDeckCard(card, 1)}
    >
      <Card card={faceOf(card, card.id)} size="md" label={card.name} />
      {refused && inDeck > 0 && <span className={b.max}>MAX</span>}
      {refused && (
        <span id={`why-${card.id}`} className="sr-only">
          {refused}
        </span>
      )}
      <span className={b.count} data-testid="tile-count">
        {inDeck} / {card.quantity}
      </span>
      <span className={b.cost} title="Cost">
        {card.cost}
      </span>
    </button>
  );
}

function CostCurve({ cards }: { cards: CardEntry[] }) {
  useSignals();
  const curve = costCurve(cards, collection.value);
  const most = Math.max(1, ...curve.map(([, n]) => n));
  return (
    <figure className={b.curveBox}>
      <figcaption className={b.curveTitle}>Cost curve</figcaption>
      <div className={b.curve} data-testid="cost-curve" role="list" aria-label="Cards by cost">
        {curve.map(([cost, n]) => (
          <div key={cost} className={b.curveColumn} role="listitem" aria-label={`Cost ${cost}: ${n} cards`}>
            <span className={b.curveCount}>{n || ""}</span>
            <div className={[b.curveBar, b.barHeight[Math.round((n / most) * 20)]].join(" ")} />
            <span className={b.curveCost}>{cost}</span>
          </div>
        ))}
      </div>
    </figure>
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
  const rows = deckRows(deck.cards, collection.value);
  return (
    <div ref={ref} className={[s.dropZone, over && s.dropOver].filter(Boolean).join(" ")} data-testid="deck-panel">
      <h2 className={b.deckTitle}>{deck.name}</h2>
      {deck.description && (
        <p className={b.description} data-testid="deck-description">
          {deck.description}
        </p>
      )}
      <p className={b.sizeLine}>
        <strong data-testid="deck-size">{deck.size}</strong> cards
      </p>
      <div className={b.deckFacts}>
        <CostCurve cards={deck.cards} />
        <div className={deck.isLegal ? b.legalBox : b.illegalBox} data-testid="deck-legality" role="status">
          {deck.isLegal ? (
            <strong>Legal deck ✓</strong>
          ) : (
            <>
              <strong>Not legal yet</strong>
              <ul className={b.problems}>
                {deck.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      </div>
      {rows.length === 0 ? (
        <p className={muted}>No cards yet: click a card (or drag it here) to add it.</p>
      ) : (
        <ul className={b.deckList} aria-label="Cards in the deck" data-testid="deck-list">
          {rows.map(({ entry, card }) => {
            const short = shortLabel(entry);
            return (
              <li key={`${entry.cardRank}-${entry.cardSuit}`} className={b.deckRow}>
                <span className={b.rowCost} aria-label={`Cost ${card?.cost ?? 0}`}>
                  {card?.cost ?? 0}
                </span>
                <span className={[b.rowName, isRed(faceOf(entry)) ? b.rowRed : ""].join(" ")}>{card?.name ?? short}</span>
                <span className={b.rowCount} data-testid="deck-row-count">
                  ×{entry.quantity}
                </span>
                <span className={b.rowButtons}>
                  <button type="button" className={`${button.secondary} ${b.small}`} aria-label={`Remove ${short}`} onClick={() => void changeDeckCard(entry, -1)}>
                    −
                  </button>
                  <button
                    type="button"
                    className={`${button.secondary} ${b.small}`}
                    aria-label={`Add another ${short}`}
                    title={refusal(deck, entry) ?? undefined}
                    onClick={() => void changeDeckCard(entry, 1)}
                  >
                    +
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <h3>Deck code</h3>
      <div className={row}>
        <code data-testid="deck-code" className={b.code}>
          {deck.code ?? "-"}
        </code>
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

/** The deck list with its Delete (asked first, then undoable for a while). */
function Decks({ onDeleted }: { onDeleted: (d: DeckSummary) => void }) {
  useSignals();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [asking, setAsking] = useState<DeckSummary | null>(null);
  return (
    <section className={panel}>
      <h2>Decks</h2>
      <ul className={s.deckList}>
        {decks.value.map((d) => (
          <li key={d.id} className={s.deckItem}>
            <button
              type="button"
              className={[button.secondary, s.deckButton, selectedDeck.value?.id === d.id && s.selected].filter(Boolean).join(" ")}
              aria-pressed={selectedDeck.value?.id === d.id}
              onClick={() => void selectDeck(d.id)}
            >
              {d.name} ({d.size}) {d.isLegal ? "✓" : ""}
            </button>
            <button type="button" className={button.danger} aria-label={`Delete ${d.name}`} onClick={() => setAsking(d)}>
              Delete
            </button>
          </li>
        ))}
      </ul>
      <input className={`${input} ${b.wide}`} placeholder="Deck name" aria-label="Deck name" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
      <input
        className={`${input} ${b.wide}`}
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
      {asking && (
        <Dialog title="Delete this deck?" onClose={() => setAsking(null)} testId="delete-deck-dialog">
          <p>
            “{asking.name}” and its {asking.size} cards will be deleted. You can undo it for a few seconds.
          </p>
          <div className={row}>
            <button type="button" className={button.secondary} data-autofocus onClick={() => setAsking(null)}>
              Keep It
            </button>
            <button
              type="button"
              className={button.danger}
              onClick={() => {
                const deck = asking;
                setAsking(null);
                void deleteDeck(deck.id).then((gone) => gone && onDeleted(gone));
              }}
            >
              Delete Deck
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}

function Builder() {
  useSignals();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState("");
  const [suit, setSuit] = useState("");
  const [pane, setPane] = useState<"cards" | "deck">("cards");
  const [deleted, setDeleted] = useState<DeckSummary | null>(null);
  const wanted = params.get("deck");
  const deck = selectedDeck.value;
  const known = decks.value.some((d) => d.id === wanted);

  // The deck in the address is the one shown: it survives a reload.
  useEffect(() => {
    if (wanted && known && selectedDeck.value?.id !== wanted) void selectDeck(wanted);
  }, [wanted, known]);
  useEffect(() => {
    const id = deck?.id ?? null;
    if (id && id !== params.get("deck")) setParams({ deck: id }, { replace: true });
  }, [deck?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!deleted) return;
    const timer = setTimeout(() => setDeleted(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [deleted]);

  const cards = collection.value;
  const shown = filterCards(cards, search, suit);
  return (
    <main className={s.page}>
      <header className={s.header}>
        <h1 className={s.title}>Collection</h1>
        <Link to="/constructed">Back</Link>
      </header>
      {deleted && (
        <div className={b.undoBar} role="status" data-testid="deck-deleted">
          <span>Deleted “{deleted.name}”.</span>
          <button
            type="button"
            className={button.secondary}
            onClick={() => {
              const d = deleted;
              setDeleted(null);
              void restoreDeck(d);
            }}
          >
            Undo
          </button>
        </div>
      )}
      <div className={b.tabs} role="tablist" aria-label="Builder">
        <button type="button" role="tab" aria-selected={pane === "cards"} className={pane === "cards" ? b.tabOn : b.tab} onClick={() => setPane("cards")}>
          Cards
        </button>
        <button type="button" role="tab" aria-selected={pane === "deck"} className={pane === "deck" ? b.tabOn : b.tab} onClick={() => setPane("deck")} data-testid="deck-tab">
          {deck ? `Deck (${deck.size} cards)` : "Decks"}
        </button>
      </div>
      <div className={s.builder}>
        <section className={[panel, pane === "deck" && b.hiddenOnPhone].filter(Boolean).join(" ")} aria-label="Your cards">
          {cards.length === 0 ? (
            <div>
              <p>Your collection is empty.</p>
              <button type="button" className={button.primary} onClick={() => void initializeCollection()}>
                Initialize Collection
              </button>
            </div>
          ) : (
            <>
              <div className={s.filters}>
                <input
                  className={`${input} ${b.search}`}
                  type="search"
                  placeholder="Search cards (queen, hero, 7 of…)"
                  aria-label="Search cards"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                />
                <select className={input} aria-label="Suit" value={suit} onChange={(e) => setSuit(e.target.value)}>
                  <option value="">All suits</option>
                  {suitGroups(cards).map((x) => (
                    <option key={x} value={x}>
                      {x}
                    </option>
                  ))}
                </select>
              </div>
              {shown.length === 0 && <p className={muted}>No card matches “{search.trim()}”.</p>}
              <div className={b.grid}>
                {shown.map((c) => (
                  <CardTile key={c.id} card={c} />
                ))}
              </div>
            </>
          )}
        </section>
        <aside className={[s.side, pane === "cards" && b.hiddenOnPhone].filter(Boolean).join(" ")} aria-label="Your decks">
          <Decks onDeleted={setDeleted} />
          <section className={`${panel} ${b.deckPanelBox}`}>
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
