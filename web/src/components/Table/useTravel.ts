/**
 * Cards travel between places on the table. After each new game state the cards (every
 * element with data-card-id inside a data-zone) are measured; a card found in a different zone
 * than before flies from its old place to its new one (FLIP, with the Web Animations API, so the
 * compositor does the work). A card that left the table (eaten, shot, slain, demolished: it
 * went to the discard pile) gets a short hit effect and then travels to the discard pile as a
 * ghost. A draw waits out the 3000 ms golden phase on its source, then flies to the hand and
 * lands at 3600 ms. Other players' moves travel slower, so they can be followed, and the
 * presentation queue (state/pacing.ts) shows them one at a time.
 * With prefers-reduced-motion, travel becomes a fade.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";
import type { GameView } from "../../net/types";
import { animationScale } from "../../state/settings";
import { reducedMotion } from "../../state/viewport";
import * as s from "./Table.css";
import { DRAW_ANIMATION_MS, DRAW_GOLDEN_MS, FADE_MS, HIT_MS, MY_TRAVEL_MS, THEIR_TRAVEL_MS, drawKey } from "../../state/pacing";

interface Spot {
  rect: DOMRect;
  el: HTMLElement;
  zone: string;
  used: boolean;
}

export { HIT_MS, MY_TRAVEL_MS, THEIR_TRAVEL_MS } from "../../state/pacing";
const FLY_NORMAL_MS = DRAW_ANIMATION_MS - DRAW_GOLDEN_MS;
const EASE = "cubic-bezier(.2,.75,.25,1)";

function measure(root: HTMLElement): Map<string, Spot> {
  const spots = new Map<string, Spot>();
  for (const el of root.querySelectorAll<HTMLElement>("[data-zone] [data-card-id]")) {
    const id = el.dataset.cardId;
    const zone = el.closest<HTMLElement>("[data-zone]")?.dataset.zone;
    if (!id || !zone) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width === 0) continue; // folded away
    spots.set(id, { rect, el, zone, used: el.dataset.used === "true" });
  }
  return spots;
}

function zoneRect(root: HTMLElement, selector: string): DOMRect | null {
  const el = root.querySelector<HTMLElement>(selector);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return r.width ? r : null;
}

function delta(from: DOMRect, to: DOMRect): string {
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const scale = to.width ? Math.max(0.3, Math.min(3, from.width / to.width)) : 1;
  return `translate(${Math.round(dx)}px, ${Math.round(dy)}px) scale(${scale.toFixed(3)})`;
}

function fly(el: HTMLElement, from: DOMRect, to: DOMRect, duration: number, delay = 0) {
  if (reducedMotion.value) {
    el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: FADE_MS, delay, fill: "backwards" });
    return;
  }
  el.animate([{ transform: delta(from, to) }, { transform: "none" }], { duration, delay, easing: EASE, fill: "backwards" });
}

/**
 * The draw's golden selection phase on the card that was taken: a revealed card glows where it
 * lay, then travels (its replacement is dealt from the deck only after it left).
 */
function glow(el: HTMLElement, duration: number) {
  if (duration <= 0) return;
  el.classList.add(s.drawGlow);
  setTimeout(() => el.classList.remove(s.drawGlow), duration);
}

let ghostLayer: HTMLElement | null = null;
function layer(): HTMLElement {
  if (ghostLayer?.isConnected) return ghostLayer;
  ghostLayer = document.createElement("div");
  ghostLayer.setAttribute("aria-hidden", "true");
  ghostLayer.dataset.testid = "travel-layer";
  ghostLayer.className = s.ghostLayer;
  document.body.appendChild(ghostLayer);
  return ghostLayer;
}

/** A card that is no longer on the table (or a card back for a hidden draw) travels as a ghost. */
function ghost(el: HTMLElement, from: DOMRect, to: DOMRect | null, opts: { hit?: boolean; duration: number; delay?: number; glow?: boolean }) {
  const g = el.cloneNode(true) as HTMLElement;
  g.removeAttribute("data-testid");
  g.removeAttribute("data-card-id");
  Object.assign(g.style, {
    position: "absolute",
    left: `${from.left}px`,
    top: `${from.top}px`,
    width: `${from.width}px`,
    height: `${from.height}px`,
    margin: "0",
  });
  layer().appendChild(g);
  const delay = opts.delay ?? 0;
  let anim: Animation;
  if (reducedMotion.value || !to) {
    anim = g.animate([{ opacity: 1 }, { opacity: 0 }], { duration: FADE_MS, delay, fill: "both" });
  } else {
    const dx = to.left + to.width / 2 - (from.left + from.width / 2);
    const dy = to.top + to.height / 2 - (from.top + from.height / 2);
    const scale = (to.width / from.width).toFixed(3);
    const end = `translate(${Math.round(dx)}px, ${Math.round(dy)}px) scale(${scale})`;
    const hitMs = HIT_MS * animationScale();
    const hitShare = opts.hit ? hitMs / (hitMs + opts.duration) : 0;
    const frames: Keyframe[] = opts.hit
      ? [
          { transform: "none", filter: "none", offset: 0 },
          { transform: "scale(1.18) rotate(-7deg)", filter: "brightness(1.5) drop-shadow(0 0 10px #d9434f)", offset: hitShare * 0.45 },
          { transform: "scale(1.05) rotate(5deg)", filter: "brightness(1.2) drop-shadow(0 0 6px #d9434f)", offset: hitShare },
          { transform: end, filter: "none", opacity: 0.85, offset: 1 },
        ]
      : [{ transform: "none" }, { transform: end, opacity: 0.9 }];
    anim = g.animate(frames, { duration: opts.duration + (opts.hit ? hitMs : 0), delay, easing: "ease-in-out", fill: "both" });
  }
  if (opts.glow && !reducedMotion.value) glow(g, delay);
  anim.onfinish = () => g.remove();
  anim.oncancel = () => g.remove();
}

/** Makes the cards under `root` travel whenever a new view arrives. */
export function useTravel(root: RefObject<HTMLElement | null>, v: GameView): void {
  const prev = useRef<Map<string, Spot> | null>(null);
  const prevView = useRef<GameView | null>(null);

  useLayoutEffect(() => {
    const el = root.current;
    if (!el || typeof el.animate !== "function") return;
    const before = prev.current;
    const old = prevView.current;
    const now = measure(el);
    prev.current = now;
    prevView.current = v;
    if (!before || !old || old === v) return;
    const me = v.myPlayerNumber;
    const mine = old.currentPlayerNumber === me;
    // 'Animation speed': Fast runs every travel, hit and glow in a third of the time.
    const k = animationScale();
    const duration = (mine ? MY_TRAVEL_MS : THEIR_TRAVEL_MS) * k;
    const FLY_MS = FLY_NORMAL_MS * k;
    const newDraw = drawKey(v) !== drawKey(old) && v.lastDrawAction ? v.lastDrawAction : null;
    const drawDelay = newDraw ? DRAW_GOLDEN_MS * k : 0;
    const drawn = newDraw?.drawnCard?.id ?? newDraw?.selectedCardId ?? null;
    const deck = () => zoneRect(el, "[data-zone=deck] [data-testid=draw-deck]");
    const discard = () => zoneRect(el, "[data-zone=discard] > :last-child");
    const handOf = (n: number) => zoneRect(el, `[data-hand-of="${n}"]`);

    for (const [id, spot] of now) {
      const was = before.get(id);
      const isDraw = id === drawn && spot.zone === "hand";
      if (was && was.zone !== spot.zone && was.zone.startsWith("kingdom-") && spot.zone === "discard" && !was.el.isConnected) {
        // Eaten, shot, slain or demolished, and now the discard pile's top: the hit shows on
        // the target, then the card travels there (as a ghost over the table); the pile's top
        // appears as it lands.
        ghost(was.el, was.rect, spot.rect, { hit: true, duration });
        spot.el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 150 * k, delay: duration + HIT_MS * k, fill: "backwards" });
      } else if (was && was.zone !== spot.zone) {
        fly(spot.el, was.rect, spot.rect, isDraw ? FLY_MS : duration, isDraw ? drawDelay : 0);
        if (isDraw && was.zone.startsWith("revealed") && !reducedMotion.value) glow(spot.el, drawDelay);
      } else if (was && was.used && !spot.used && !reducedMotion.value) {
        // A used resource is readied at the start of its owner's turn: it turns upright.
        spot.el.animate([{ transform: "rotate(-90deg) scale(.85)" }, { transform: "none" }], { duration: 420, easing: EASE });
      } else if (!was) {
        let from: DOMRect | null = null;
        let delay = 0;
        let time = duration;
        if (spot.zone === "hand") {
          from = newDraw?.source === "deck" || !newDraw ? deck() : null;
          if (isDraw) [delay, time] = [drawDelay, FLY_MS];
        } else if (spot.zone.startsWith("revealed")) {
          from = deck();
          delay = drawDelay;
        } else if (spot.zone.startsWith("kingdom-")) {
          const owner = Number(spot.zone.slice("kingdom-".length));
          from = owner === me ? discard() : handOf(owner);
        } else if (spot.zone === "discard") {
          // The discard pile's new top arrives with the ghost that travels there.
          spot.el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 200, delay: duration, fill: "backwards" });
        }
        if (from) fly(spot.el, from, spot.rect, time, delay);
      }
    }
    for (const [id, was] of before) {
      if (now.has(id) || was.el.isConnected) continue;
      if (was.zone.startsWith("kingdom-")) {
        ghost(was.el, was.rect, discard(), { hit: true, duration });
      } else if (was.zone === "hand") {
        ghost(was.el, was.rect, discard(), { duration });
      } else if (was.zone.startsWith("revealed") && newDraw && newDraw.playerNumber !== me) {
        ghost(was.el, was.rect, handOf(newDraw.playerNumber), { duration: FLY_MS, delay: drawDelay, glow: true });
      }
    }
    // Another player's draw from the deck: a card back flies to their hand.
    if (newDraw && newDraw.playerNumber !== me && newDraw.source === "deck") {
      const back = el.querySelector<HTMLElement>("[data-zone=deck] [data-testid=draw-deck]");
      const from = deck();
      if (back && from) ghost(back, from, handOf(newDraw.playerNumber), { duration: FLY_MS, delay: drawDelay });
    }
  }, [v, root]);

  // Scrolling moves the cards: measure again once it settles, so the next travel starts right.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const again = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (root.current) prev.current = measure(root.current);
      }, 120);
    };
    window.addEventListener("scroll", again, { capture: true, passive: true });
    window.addEventListener("resize", again, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener("scroll", again, { capture: true });
      window.removeEventListener("resize", again);
    };
  }, [root]);
}
