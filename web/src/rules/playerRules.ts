/**
 * The rules for players: the 14 sections of docs/rules-for-players.json, the one text that the
 * How to Play dialog, the rules editor's defaults and the tutorial's reference screens show.
 * The file is loaded as its own chunk on first use, so it adds nothing to the initial JavaScript.
 * (docs/rules.md is the complete reference with the rulings, for bot authors.)
 */

/** One section of the players' rules: key, title and content (Markdown). */
export interface RulesSection {
  key: string;
  title: string;
  content: string;
}

/** The 14 built-in sections, in the order of docs/rules.md. */
export const SECTION_KEYS = [
  "objective",
  "setup",
  "card-types",
  "playing-royals",
  "beasts",
  "architecture",
  "riding",
  "dragon-eating",
  "dragon-slaying",
  "hail-of-arrows",
  "turn-structure",
  "discard-pile",
  "winning",
  "strategy",
] as const;

/**
 * Where the dialog's scroll targets (the home page's Game Features) land: the first of these
 * that the shown rules contain, as a section key or a `###` heading of a section.
 */
export const SCROLL_TARGETS: Record<string, string[]> = {
  resources: ["resources", "card-types"],
  royals: ["playing-royals"],
  beasts: ["beasts"],
};

let cache: Promise<RulesSection[]> | null = null;

/** The built-in sections (a fresh copy each time, so callers may edit theirs). */
export async function loadPlayerRules(): Promise<RulesSection[]> {
  cache ??= import("../../../docs/rules-for-players.json").then((m) => m.default.sections as RulesSection[]);
  return (await cache).map((s) => ({ ...s }));
}
