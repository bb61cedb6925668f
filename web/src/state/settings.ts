/** Local settings, persisted under their localStorage keys. */
import { effect, signal } from "@preact/signals-react";

export type DeckStyle = "modern" | "classic";

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* private mode: settings last for the session only */
  }
}

export const deckStyle = signal<DeckStyle>(read("deckStyle") === "classic" ? "classic" : "modern");
export const showTooltips = signal<boolean>(read("showTooltips") !== "false");
export const tutorialCompleted = signal<boolean>(read("tutorialCompleted") === "true");
/** Sound effects (Web Audio): off until the player turns them on. */
export const soundEffects = signal<boolean>(read("soundEffects") === "true");
export type AnimationSpeed = "normal" | "fast";
/** Normal keeps the 3600 ms draw animation; Fast shortens every animation and hold to a third. */
export const animationSpeed = signal<AnimationSpeed>(read("animationSpeed") === "fast" ? "fast" : "normal");
/** The factor every animation and hold is multiplied by. */
export function animationScale(): number {
  return animationSpeed.value === "fast" ? 1 / 3 : 1;
}

effect(() => write("deckStyle", deckStyle.value));
effect(() => write("showTooltips", String(showTooltips.value)));
effect(() => write("soundEffects", String(soundEffects.value)));
effect(() => write("animationSpeed", animationSpeed.value));
effect(() => {
  if (tutorialCompleted.value) write("tutorialCompleted", "true");
});

export interface CustomRule {
  key: string;
  title: string;
  content: string;
}

export const CUSTOM_RULES_KEY = "game_rules_custom";

function isCustomRule(r: unknown): r is CustomRule {
  if (typeof r !== "object" || r === null) return false;
  const o = r as Record<string, unknown>;
  return typeof o.key === "string" && typeof o.title === "string" && typeof o.content === "string";
}

/**
 * The custom rules of the rules editor, which replace the built-in ones; null when there are
 * none. Stored text that is not a list of sections is ignored and only logged.
 */
export function loadCustomRules(): CustomRule[] | null {
  const raw = read(CUSTOM_RULES_KEY);
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (e) {
    console.error("Failed to load custom rules", e);
    return null;
  }
  if (!Array.isArray(parsed) || !parsed.every(isCustomRule)) {
    console.error("Failed to load custom rules: not a list of {key, title, content}", parsed);
    return null;
  }
  return parsed.length ? parsed.map(({ key, title, content }) => ({ key, title, content })) : null;
}

/** Stores the custom rules; a failure (storage full or blocked) is only logged. */
export function saveCustomRules(rules: CustomRule[]): boolean {
  try {
    localStorage.setItem(CUSTOM_RULES_KEY, JSON.stringify(rules.map(({ key, title, content }) => ({ key, title, content }))));
    return true;
  } catch (e) {
    console.error("Failed to save custom rules", e);
    return false;
  }
}

/** Back to the built-in rules. */
export function clearCustomRules(): void {
  try {
    localStorage.removeItem(CUSTOM_RULES_KEY);
  } catch (e) {
    console.error("Failed to save custom rules", e);
  }
}
