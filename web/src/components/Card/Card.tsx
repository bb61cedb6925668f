import { createContext, memo, useContext } from "react";
import type { Card as CardData } from "../../net/types";
import { cardName, isRed, shortName, SUIT_SYMBOLS } from "../../logic/cards";
import type { DeckStyle } from "../../state/settings";
import { COURT_BOX, useCourtArt } from "../../art/court";
import * as s from "./Card.css";

export interface CardProps {
  /** null draws the back of a card. */
  card: CardData | null;
  size?: keyof typeof s.size;
  selected?: boolean;
  disabled?: boolean;
  used?: boolean;
  golden?: boolean;
  /** A legal target of the follow-up being chosen: it glows and is clicked to choose it. */
  aimed?: boolean;
  bounce?: boolean;
  /** Called with the card's id (a stable handler lets the card skip re-rendering). */
  onClick?: (cardId: string) => void;
  /** Overrides the accessible name. */
  label?: string;
  styleOverride?: DeckStyle;
  testId?: string;
}

const RED = "#c8283a";
const BLACK = "#1b1b1f";

/** Pip positions (x, y) in a 100x140 card for the number cards of the classic deck. */
const PIPS: Record<string, [number, number][]> = {
  A: [[50, 70]],
  "2": [[50, 32], [50, 108]],
  "3": [[50, 32], [50, 70], [50, 108]],
  "4": [[32, 32], [68, 32], [32, 108], [68, 108]],
  "5": [[32, 32], [68, 32], [50, 70], [32, 108], [68, 108]],
  "6": [[32, 32], [68, 32], [32, 70], [68, 70], [32, 108], [68, 108]],
  "7": [[32, 32], [68, 32], [50, 51], [32, 70], [68, 70], [32, 108], [68, 108]],
  "8": [[32, 32], [68, 32], [50, 51], [32, 70], [68, 70], [50, 89], [32, 108], [68, 108]],
  "9": [[32, 30], [68, 30], [32, 56], [68, 56], [50, 70], [32, 84], [68, 84], [32, 110], [68, 110]],
  "10": [[32, 30], [68, 30], [50, 43], [32, 56], [68, 56], [32, 84], [68, 84], [50, 97], [32, 110], [68, 110]],
};

/** The peasant pseudo-suit of the alternate faces: earth green, neither red nor black. */
const PEASANT_GREEN = "#2f6b3a";

function faceColor(card: CardData): string {
  return card.suit === "peasant" ? PEASANT_GREEN : isRed(card) ? RED : BLACK;
}

/** peasant-woman: WOMAN, and so on (the alternate faces are told apart by their figure). */
function figureWord(card: CardData): string | null {
  return card.suit === "peasant" ? (card.id.split("-")[1] ?? "").toUpperCase() : null;
}

const ROYAL_WORD: Record<string, string> = { J: "JACK", Q: "QUEEN", K: "KING", JOKER: "HERO", PEASANT: "PEASANT", VENDOR: "VENDOR" };

function Back() {
  return (
    <>
      <rect x="1" y="1" width="98" height="138" rx="8" fill="#7a1420" stroke="#3b0a10" strokeWidth="2" />
      <rect x="7" y="7" width="86" height="126" rx="5" fill="none" stroke="#e2b43c" strokeWidth="1.5" />
      <pattern id="kback" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="10" height="10" fill="#8f1a28" />
        <rect width="5" height="10" fill="#6c111c" />
      </pattern>
      <rect x="11" y="11" width="78" height="118" rx="3" fill="url(#kback)" />
      <circle cx="50" cy="70" r="17" fill="#7a1420" stroke="#e2b43c" strokeWidth="1.5" />
      <path d="M39 76 L41 62 L46 68 L50 58 L54 68 L59 62 L61 76 Z" fill="#e2b43c" />
    </>
  );
}

function Crown({ x, y, scale, color }: { x: number; y: number; scale: number; color: string }) {
  return (
    <path
      transform={`translate(${x} ${y}) scale(${scale})`}
      d="M-10 6 L-12 -6 L-5 0 L0 -9 L5 0 L12 -6 L10 6 Z"
      fill={color}
      stroke="#5a4208"
      strokeWidth="0.8"
    />
  );
}

/** What an alternate face wears instead of a crown: a straw hat (Peasant) or a cap (Vendor). */
function Headwear({ card, x, y, scale, color }: { card: CardData; x: number; y: number; scale: number; color: string }) {
  if (card.rank === "PEASANT") {
    return (
      <g transform={`translate(${x} ${y}) scale(${scale})`} stroke="#6b4e12" strokeWidth="0.8">
        <path d="M-8 3 Q-8 -8 0 -8 Q8 -8 8 3 Z" fill="#e0bd62" />
        <ellipse cx="0" cy="4" rx="15" ry="3.5" fill="#e0bd62" />
        <rect x="-8" y="-1" width="16" height="2.5" fill={color} stroke="none" />
      </g>
    );
  }
  if (card.rank === "VENDOR") {
    return (
      <g transform={`translate(${x} ${y}) scale(${scale})`} stroke="#3a2a08" strokeWidth="0.8">
        <path d="M-9 4 Q-9 -8 0 -8 Q9 -8 9 4 Z" fill={color} />
        <path d="M6 4 L16 5.5 L6 7 Z" fill={color} />
        <circle cx="0" cy="-8" r="1.8" fill="#e2b43c" />
      </g>
    );
  }
  return null;
}

/** The top half of the letele court picture (its card is 240x336 around 0,0), or the jester. */
const PORTRAIT_CROP = "-80 -150 160 222";
const JESTER_CROP = "-105 -125 210 292";

/**
 * Modern deck: a portrait window cut from the traditional court picture, so that Jack, Queen,
 * King and the Heroes are different people at a glance.
 */
function Portrait({ card, color, href }: { card: CardData; color: string; href: string }) {
  return (
    <g data-art="court">
      <svg x={34} y={12} width={58} height={90} viewBox={card.rank === "JOKER" ? JESTER_CROP : PORTRAIT_CROP} preserveAspectRatio="xMidYMid slice">
        <image href={href} {...COURT_BOX} />
      </svg>
      <rect x="34" y="12" width="58" height="90" rx="6" fill="none" stroke={color} strokeWidth="2" />
    </g>
  );
}

/** Classic deck: the whole traditional court card. */
function ClassicCourt({ href }: { href: string }) {
  return (
    <g data-art="court">
      <image href={href} x={0} y={0} width={100} height={140} />
    </g>
  );
}

function Modern({ card }: { card: CardData }) {
  const color = faceColor(card);
  const figure = figureWord(card);
  const sym = SUIT_SYMBOLS[card.suit] ?? "";
  const royal = ROYAL_WORD[card.rank];
  const rankText = card.rank === "JOKER" ? "★" : card.rank === "PEASANT" ? "P" : card.rank === "VENDOR" ? "V" : card.rank;
  const art = useCourtArt(card);
  const court = art ? <Portrait card={card} color={color} href={art} /> : null;
  return (
    <>
      <rect x="1" y="1" width="98" height="138" rx="9" fill="#fffdf6" stroke="#cfc6ad" strokeWidth="2" />
      <rect x="1" y="1" width="98" height="16" rx="9" fill={color} opacity="0.12" />
      <text x="9" y="30" fontSize="26" fontWeight="800" fill={color} fontFamily="system-ui, sans-serif">
        {rankText}
      </text>
      <text x="10" y="50" fontSize="20" fill={color}>
        {sym}
      </text>
      {court ? (
        <>
          {court}
          <text x="63" y="116" fontSize="11" fontWeight="800" fill={color} textAnchor="middle" fontFamily="system-ui, sans-serif" letterSpacing="1">
            {royal}
          </text>
        </>
      ) : royal ? (
        <>
          <circle cx="56" cy="82" r="30" fill={color} opacity="0.1" />
          {figure ? <Headwear card={card} x={56} y={74} scale={1.6} color={color} /> : <Crown x={56} y={72} scale={1.6} color="#e2b43c" />}
          <text x="56" y="108" fontSize="12" fontWeight="800" fill={color} textAnchor="middle" fontFamily="system-ui, sans-serif" letterSpacing="1">
            {royal}
          </text>
          {figure && (
            <text x="50" y="121" fontSize="8" fontWeight="700" fill={color} textAnchor="middle" fontFamily="system-ui, sans-serif" letterSpacing="1">
              {figure}
            </text>
          )}
        </>
      ) : (
        <text x="58" y="100" fontSize="54" fill={color} textAnchor="middle">
          {sym}
        </text>
      )}
      <text x="91" y="131" fontSize="16" fontWeight="800" fill={color} textAnchor="end" fontFamily="system-ui, sans-serif">
        {rankText}
      </text>
    </>
  );
}

function Classic({ card }: { card: CardData }) {
  const color = faceColor(card);
  const figure = figureWord(card);
  const sym = SUIT_SYMBOLS[card.suit] ?? "";
  const royal = ROYAL_WORD[card.rank];
  const rankText = card.rank === "JOKER" ? "H" : card.rank === "PEASANT" ? "P" : card.rank === "VENDOR" ? "V" : card.rank;
  const pips = PIPS[card.rank];
  const art = useCourtArt(card);
  if (art) return <ClassicCourt href={art} />;
  const corner = (
    <g>
      <text x="11" y="20" fontSize="15" fontWeight="700" fill={color} textAnchor="middle" fontFamily="Georgia, serif">
        {rankText}
      </text>
      <text x="11" y="33" fontSize="12" fill={color} textAnchor="middle">
        {sym}
      </text>
    </g>
  );
  return (
    <>
      <rect x="1" y="1" width="98" height="138" rx="7" fill="#f8f0dc" stroke="#8c7b55" strokeWidth="2" />
      {corner}
      <g transform="rotate(180 50 70)">{corner}</g>
      {royal ? (
        <>
          <rect x="20" y="18" width="60" height="104" rx="3" fill="none" stroke={color} strokeWidth="1.2" />
          <rect x="23" y="21" width="54" height="98" rx="2" fill={color} opacity="0.08" />
          {figure ? <Headwear card={card} x={50} y={50} scale={1.3} color={color} /> : <Crown x={50} y={48} scale={1.5} color="#d4a017" />}
          <circle cx="50" cy="68" r="10" fill="#f3d9b5" stroke={color} strokeWidth="1" />
          <path d="M34 104 Q50 78 66 104 Z" fill={color} opacity="0.75" />
          <text x="50" y="116" fontSize="8" fontWeight="700" fill={color} textAnchor="middle" fontFamily="Georgia, serif" letterSpacing="1">
            {royal}
          </text>
          {figure && (
            <text x="50" y="31" fontSize="7" fontWeight="700" fill={color} textAnchor="middle" fontFamily="Georgia, serif" letterSpacing="1">
              {figure}
            </text>
          )}
        </>
      ) : pips ? (
        pips.map(([x, y], i) => (
          <text key={i} x={x} y={y + 7} fontSize={card.rank === "A" ? 44 : 19} fill={color} textAnchor="middle" transform={y > 75 ? `rotate(180 ${x} ${y})` : undefined}>
            {sym}
          </text>
        ))
      ) : null}
    </>
  );
}

interface FaceProps {
  card: CardData | null;
  deck: DeckStyle;
  sideways?: boolean;
}

function CardFaceDrawing({ card, deck, sideways }: FaceProps) {
  const face = card === null ? <Back /> : deck === "classic" ? <Classic card={card} /> : <Modern card={card} />;
  // A used resource lies sideways: the drawing turns inside a landscape box, so layout stays right.
  return (
    <svg viewBox={sideways ? "0 0 140 100" : "0 0 100 140"} className={s.svg} aria-hidden="true" focusable="false">
      {sideways ? <g transform="translate(140 0) rotate(90)">{face}</g> : face}
    </svg>
  );
}

/** Drawn once per card id and style: every push brings new card objects with the same ids. */
export const CardFace = memo(
  CardFaceDrawing,
  (a: FaceProps, b: FaceProps) => a.card?.id === b.card?.id && a.deck === b.deck && a.sideways === b.sideways,
);

/** The deck style in force (provided from the deckStyle setting at the app's root). */
export const DeckStyleContext = createContext<DeckStyle>("modern");

function sameProps(a: CardProps, b: CardProps): boolean {
  return (
    a.card?.id === b.card?.id &&
    a.size === b.size &&
    a.selected === b.selected &&
    a.disabled === b.disabled &&
    a.used === b.used &&
    a.golden === b.golden &&
    a.aimed === b.aimed &&
    a.bounce === b.bounce &&
    a.onClick === b.onClick &&
    a.label === b.label &&
    a.styleOverride === b.styleOverride &&
    a.testId === b.testId
  );
}

/** A used resource lies sideways; its rank and suit stay upright beside it, easy to read. */
function UsedTag({ card }: { card: CardData }) {
  return (
    <span className={[s.usedTag, isRed(card) ? s.red : s.black].join(" ")} aria-hidden="true">
      {shortName(card)}
    </span>
  );
}

export const Card = memo(function Card(props: CardProps) {
  const { card, size = "md", selected, disabled, used, golden, aimed, bounce, onClick, label, styleOverride, testId } = props;
  const contextDeck = useContext(DeckStyleContext);
  const deck = styleOverride ?? contextDeck;
  const name = label ?? (card ? cardName(card) : "Face-down card");
  const classes = [s.wrap, used ? s.usedSize[size] : s.size[size], golden && s.golden, aimed && s.aimed, bounce && s.bounced].filter(Boolean);
  const interactive = !!onClick && !disabled;
  if (onClick) {
    return (
      <button
        type="button"
        className={[...classes, interactive && s.clickable, selected && s.selected, disabled && s.disabled].filter(Boolean).join(" ")}
        aria-pressed={selected ? true : false}
        disabled={disabled}
        onClick={interactive ? () => onClick(card?.id ?? "") : undefined}
        data-card-id={card?.id}
        data-used={used ? "true" : undefined}
        data-aimed={aimed ? "true" : undefined}
        data-testid={testId}
      >
        {/* The name as the button's content (not an aria-label): what is seen is part of what is said. */}
        <span className="sr-only">{name}</span>
        <CardFace card={card} deck={deck} sideways={used} />
        {used && card && <UsedTag card={card} />}
      </button>
    );
  }
  return (
    <span className={[...classes, disabled && s.disabled].filter(Boolean).join(" ")} role="img" aria-label={name} data-card-id={card?.id} data-used={used ? "true" : undefined} data-testid={testId}>
      <CardFace card={card} deck={deck} sideways={used} />
      {used && card && <UsedTag card={card} />}
    </span>
  );
}, sameProps);
