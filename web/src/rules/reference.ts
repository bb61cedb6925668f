/**
 * The tutorial's two reference screens ('combinations-reference', 'all-royals-reference') read
 * their tiles from the rules for players: the combinations table of Beasts and the royals table
 * of Playing Royals. No cost or draw is written here.
 */
import { useEffect, useState } from "react";
import { parseBlocks, type Block, type Inline } from "../logic/markdown";
import { loadPlayerRules, type RulesSection } from "./playerRules";

export interface ReferenceTile {
  name: string;
  text: string;
}

const plain = (parts: Inline[]) => parts.map((p) => p.v).join("").trim();

/** The rows (plain text cells) of the first table of a section. */
function tableRows(sections: RulesSection[], key: string): string[][] {
  const section = sections.find((s) => s.key === key);
  const table = section && parseBlocks(section.content).find((b): b is Extract<Block, { kind: "table" }> => b.kind === "table");
  return table ? table.rows.map((r) => r.map(plain)) : [];
}

const amount = (n: string, word: string) => (n === "1" ? `1 ${word}` : `${n} ${word}s`);
const sentence = (t: string) => (t ? t[0].toUpperCase() + t.slice(1) : t);

/** Horse ... Flaming Salvo: cards, cost, draws, points and what else, from Beasts. */
export function combinationTiles(sections: RulesSection[]): ReferenceTile[] {
  return tableRows(sections, "beasts").map(([name, cards, resources, draws, points, more]) => {
    const cost = resources === "none" ? "No resources" : amount(resources, "resource");
    const drawn = draws === "none" ? "" : `, draws ${draws}`;
    const worth = points === "none" ? "" : ` Worth ${amount(points, "point")}.`;
    return { name, text: `${sentence(cards)}. ${cost}${drawn}.${worth} ${more}`.trim() };
  });
}

/** Jack, Queen, King, Hero: cost in resources of its colour and what it does, from Playing Royals. */
export function royalTiles(sections: RulesSection[]): ReferenceTile[] {
  return tableRows(sections, "playing-royals").map(([name, cost, onPlay]) => ({
    name,
    text: `${amount(cost, "ready resource")} of its colour. ${onPlay}`,
  }));
}

/** The tiles of one reference screen, once the rules have loaded (empty until then). */
export function useReferenceTiles(kind: "combinations-reference" | "all-royals-reference"): ReferenceTile[] {
  const [tiles, setTiles] = useState<ReferenceTile[]>([]);
  useEffect(() => {
    let live = true;
    void loadPlayerRules().then((sections) => live && setTiles(kind === "combinations-reference" ? combinationTiles(sections) : royalTiles(sections)));
    return () => {
      live = false;
    };
  }, [kind]);
  return tiles;
}
