/** Local settings (spec section 3), persisted under the spec's localStorage keys. */
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

effect(() => write("deckStyle", deckStyle.value));
effect(() => write("showTooltips", String(showTooltips.value)));
effect(() => {
  if (tutorialCompleted.value) write("tutorialCompleted", "true");
});

export interface CustomRule {
  key: string;
  title: string;
  content: string;
}

/** Custom rules replace the built-in ones; load failures are only logged. */
export function loadCustomRules(): CustomRule[] | null {
  try {
    const raw = read("game_rules_custom");
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed) || parsed.length === 0) return null;
    return parsed.filter(
      (r): r is CustomRule =>
        r && typeof r.key === "string" && typeof r.title === "string" && typeof r.content === "string",
    );
  } catch (e) {
    console.error("Failed to load custom rules", e);
    return null;
  }
}
