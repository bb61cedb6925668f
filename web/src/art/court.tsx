/**
 * The court-card art, loaded on first use (it is large: its own chunk, never in the initial
 * JavaScript). Each picture is drawn once, off the page, and kept as an SVG image (a blob URL);
 * every card shows it with one <image>. An image is one box to the browser: laid out, hit-tested
 * and rasterised as one, however many paths the picture holds (a <use> of an inline symbol
 * would clone every path of the picture into each card, and each layout of the table and each
 * pointer move over it would walk them all). Until the art has arrived, or if it cannot be
 * loaded, cards draw their plain face.
 */
import { useSyncExternalStore } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import type { Face } from "@letele/playing-cards";
import type { Card } from "../net/types";

/** The letele cards' own coordinates: 240x336 around the centre. */
export const COURT_BOX = { x: -120, y: -168, width: 240, height: 336 } as const;

let pictures: ReadonlyMap<string, string> | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** An SVG document as an image URL: a blob where the browser has them, else a data URL. */
function imageUrl(svg: string): string {
  if (typeof URL.createObjectURL === "function" && typeof Blob === "function") {
    return URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  }
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Draws each picture once into a detached element and keeps it as a standalone SVG image. */
function drawPictures(faces: Readonly<Record<string, Face>>): Map<string, string> {
  const host = document.createElement("div");
  const root = createRoot(host);
  const entries = Object.entries(faces);
  flushSync(() =>
    root.render(
      <>
        {entries.map(([key, Picture]) => (
          <svg key={key} xmlns="http://www.w3.org/2000/svg" width={COURT_BOX.width} height={COURT_BOX.height} viewBox={`${COURT_BOX.x} ${COURT_BOX.y} ${COURT_BOX.width} ${COURT_BOX.height}`}>
            <Picture {...COURT_BOX} />
          </svg>
        ))}
      </>,
    ),
  );
  const serializer = new XMLSerializer();
  const drawn = new Map<string, string>();
  host.querySelectorAll(":scope > svg").forEach((svg, i) => drawn.set(entries[i][0], imageUrl(serializer.serializeToString(svg))));
  root.unmount();
  return drawn;
}

/** Starts loading the art (once); resolves when it is there (or failed: the plain faces stay). */
export function loadCourtArt(): Promise<void> {
  loading ??= import("./courtFaces").then(
    (m) => {
      pictures = drawPictures(m.COURT_FACES);
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

const current = () => pictures;

/** The image URL of a Jack's, Queen's, King's or Hero's picture (null for other cards, or while loading). */
export function useCourtArt(card: Pick<Card, "suit" | "rank">): string | null {
  const loaded = useSyncExternalStore(subscribe, current, current);
  return loaded?.get(`${card.suit}-${card.rank}`) ?? null;
}
