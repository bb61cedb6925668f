/**
 * The court-card art, loaded on first use (it is large: its own chunk, never in the initial
 * JavaScript). Each picture is drawn once, as a <symbol> in a hidden sprite at the end of the
 * page, and every card shows it with a <use>: one element per card, however many court cards
 * the table holds. Until the art has arrived, or if it cannot be loaded, cards draw their plain
 * face.
 */
import { useSyncExternalStore } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import type { Face } from "@letele/playing-cards";
import type { Card } from "../net/types";
import * as s from "./court.css";

/** The letele cards' own coordinates: 240x336 around the centre. */
export const COURT_BOX = { x: -120, y: -168, width: 240, height: 336 } as const;

let keys: ReadonlySet<string> | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

const symbolId = (key: string) => `court-art-${key}`;

function mountSprite(faces: Readonly<Record<string, Face>>): void {
  const host = document.createElement("div");
  host.className = s.sprite;
  host.setAttribute("aria-hidden", "true");
  host.dataset.testid = "court-sprite";
  document.body.appendChild(host);
  flushSync(() =>
    createRoot(host).render(
      <svg width="0" height="0" focusable="false">
        {Object.entries(faces).map(([key, Picture]) => (
          <symbol key={key} id={symbolId(key)} viewBox={`${COURT_BOX.x} ${COURT_BOX.y} ${COURT_BOX.width} ${COURT_BOX.height}`}>
            <Picture {...COURT_BOX} />
          </symbol>
        ))}
      </svg>,
    ),
  );
}

/** Starts loading the art (once); resolves when it is there (or failed: the plain faces stay). */
export function loadCourtArt(): Promise<void> {
  loading ??= import("./courtFaces").then(
    (m) => {
      mountSprite(m.COURT_FACES);
      keys = new Set(Object.keys(m.COURT_FACES));
      listeners.forEach((l) => l());
    },
    () => undefined,
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void loadCourtArt();
  return () => listeners.delete(listener);
}

const current = () => keys;

/** The `href` of a Jack's, Queen's, King's or Hero's picture (null for other cards, or while loading). */
export function useCourtArt(card: Pick<Card, "suit" | "rank">): string | null {
  const loaded = useSyncExternalStore(subscribe, current, current);
  const key = `${card.suit}-${card.rank}`;
  return loaded?.has(key) ? `#${symbolId(key)}` : null;
}
