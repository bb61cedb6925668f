/**
 * A small Markdown reader for the rules: `##` sections, `###` headings, paragraphs, lists,
 * tables, **bold**, *italic* and `code`, and a line `![caption](6♥ 6♣)` for a row of card
 * pictures. It returns plain data; components render it.
 */
import { SUITS, type Card, type Rank, type Suit } from "../net/types";
import { SUIT_SYMBOLS } from "./cards";

export type Inline = { t: "text" | "b" | "i" | "code"; v: string };
export type Block =
  | { kind: "h3"; text: Inline[] }
  | { kind: "p"; text: Inline[] }
  | { kind: "ul" | "ol"; items: Inline[][] }
  | { kind: "table"; head: Inline[][]; rows: Inline[][][] }
  | { kind: "cards"; caption: Inline[]; cards: PictureCard[] };

/** A card drawn in a rules example; a used resource lies sideways. */
export interface PictureCard {
  card: Card;
  used: boolean;
}

const SUIT_OF: Record<string, Suit> = Object.fromEntries(SUITS.map((suit) => [SUIT_SYMBOLS[suit], suit]));

/**
 * One card of a picture line: a rank and a suit symbol (`10♥`, `Q♠`, `A♦`), `R★` or `B★` for the
 * red or black Hero, with `:used` for a resource lying sideways. Null when it is none of these.
 */
export function parseCardToken(token: string): PictureCard | null {
  const m = /^(?:(10|[2-9AJQK])([♥♦♣♠])|([RB])★)(:used)?$/.exec(token.trim());
  if (!m) return null;
  const used = !!m[4];
  if (m[3]) {
    const suit: Suit = m[3] === "R" ? "red-joker" : "black-joker";
    return { card: { id: suit, suit, rank: "JOKER" }, used };
  }
  const suit = SUIT_OF[m[2]];
  return { card: { id: `${suit}-${m[1]}`, suit, rank: m[1] as Rank }, used };
}

const PICTURE = /^!\[([^\]]*)\]\(([^)]*)\)$/;

export function slug(title: string): string {
  return title
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const re = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*\s][^*]*\*|_[^_\s][^_]*_)/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) out.push({ t: "text", v: text.slice(last, m.index) });
    const tok = m[0];
    if (tok.startsWith("**")) out.push({ t: "b", v: tok.slice(2, -2) });
    else if (tok.startsWith("`")) out.push({ t: "code", v: tok.slice(1, -1) });
    else out.push({ t: "i", v: tok.slice(1, -1) });
    last = m.index + tok.length;
  }
  if (last < text.length) out.push({ t: "text", v: text.slice(last) });
  // [text](link) -> text
  return out.map((x) => (x.t === "text" ? { ...x, v: x.v.replace(/\[([^\]]+)\]\([^)]*\)/g, "$1") } : x));
}

function cells(line: string): string[] {
  return line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((c) => c.trim());
}

export function parseBlocks(md: string): Block[] {
  const lines = md.split(/\r?\n/);
  const blocks: Block[] = [];
  let para: string[] = [];
  const flush = () => {
    if (para.length) blocks.push({ kind: "p", text: parseInline(para.join(" ")) });
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const trimmed = line.trim();
    if (!trimmed) {
      flush();
      continue;
    }
    if (/^#{3,6}\s/.test(trimmed)) {
      flush();
      blocks.push({ kind: "h3", text: parseInline(trimmed.replace(/^#+\s*/, "")) });
      continue;
    }
    const picture = PICTURE.exec(trimmed);
    if (picture) {
      const cards = picture[2].split(/\s+/).filter(Boolean).map(parseCardToken);
      if (cards.length && cards.every((c) => c !== null)) {
        flush();
        blocks.push({ kind: "cards", caption: parseInline(picture[1]), cards: cards as PictureCard[] });
        continue;
      }
    }
    if (trimmed.startsWith("|")) {
      flush();
      const rows: string[] = [];
      while (i < lines.length && lines[i].trim().startsWith("|")) rows.push(lines[i++].trim());
      i--;
      const [head, ...rest] = rows;
      const body = rest.filter((r) => !/^\|?\s*:?-{2,}/.test(r));
      blocks.push({ kind: "table", head: cells(head).map(parseInline), rows: body.map((r) => cells(r).map(parseInline)) });
      continue;
    }
    const ul = /^[-*+]\s+(.*)$/.exec(trimmed);
    const ol = /^\d+[.)]\s+(.*)$/.exec(trimmed);
    if (ul || ol) {
      flush();
      const kind = ul ? "ul" : "ol";
      const items: string[] = [];
      while (i < lines.length) {
        const t = lines[i].trim();
        const m = kind === "ul" ? /^[-*+]\s+(.*)$/.exec(t) : /^\d+[.)]\s+(.*)$/.exec(t);
        if (m) items.push(m[1]);
        else if (t && /^\s{2,}/.test(lines[i]) && items.length) items[items.length - 1] += " " + t;
        else break;
        i++;
      }
      i--;
      blocks.push({ kind, items: items.map(parseInline) });
      continue;
    }
    para.push(trimmed);
  }
  flush();
  return blocks;
}
