/**
 * The court-card art, loaded on first use (it is large: its own chunk, never in the initial
 * JavaScript). Until it has arrived, or if it cannot be loaded, cards draw their plain face.
 */
import { useSyncExternalStore } from "react";
import type { Face } from "@letele/playing-cards";
import type { Card } from "../net/types";

type Faces = Readonly<Record<string, Face>>;

let faces: Faces | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Starts loading the art (once); resolves when it is there (or failed: the plain faces stay). */
export function loadCourtArt(): Promise<void> {
  loading ??= import("./courtFaces").then(
    (m) => {
      faces = m.COURT_FACES;
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

const current = () => faces;

/** The picture of a Jack, Queen, King or Hero (null for other cards, or while loading). */
export function useCourtFace(card: Pick<Card, "suit" | "rank">): Face | null {
  const all = useSyncExternalStore(subscribe, current, current);
  return all?.[`${card.suit}-${card.rank}`] ?? null;
}

/** Whether a card has court art (Jack, Queen, King, Hero), without loading it. */
export function hasCourtArt(card: Pick<Card, "rank" | "suit">): boolean {
  return card.suit !== "peasant" && (card.rank === "J" || card.rank === "Q" || card.rank === "K" || card.rank === "JOKER");
}
