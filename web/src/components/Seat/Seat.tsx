import { useSignals } from "@preact/signals-react/runtime";
import { useId, useState } from "react";
import { isPartner } from "../../logic/score";
import type { GameView, PlayerView } from "../../net/types";
import { phone } from "../../state/viewport";
import { badge, badgeGold } from "../../theme/ui.css";
import { Card } from "../Card/Card";
import { Kingdom } from "../Kingdom/Kingdom";
import { TurnClock } from "../TurnClock/TurnClock";
import * as s from "./Seat.css";

export type SeatPosition = keyof typeof s.area;

/**
 * Where each opponent sits, seen from my chair: at 2 players across the table; at 3 on my
 * left and right; at 4 my partner across the table and the two opponents on either side.
 */
export function seatPosition(me: number | null | undefined, other: number, playerCount: number): SeatPosition {
  const rel = (((other - (me ?? 1)) % playerCount) + playerCount) % playerCount;
  if (playerCount === 2) return "top";
  if (playerCount === 3) return rel === 1 ? "left" : "right";
  return rel === 1 ? "left" : rel === 2 ? "top" : "right";
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A short account of a kingdom for the folded row on phones. */
export function kingdomSummary(p: PlayerView): string {
  const k = p.kingdom;
  if (!k) return "";
  const ready = k.resources.filter((r) => r.orientation === "ready").length;
  const parts = [`${count(k.resources.length, "resource", "resources")} (${ready} ready)`, count(k.royals.length, "royal", "royals")];
  if (k.combinations.length) parts.push(count(k.combinations.length, "beast or structure", "beasts and structures"));
  return parts.join(" · ");
}

/** An opponent's (or partner's) seat: name, card count, team badge and kingdom. */
export function Seat({ player: p, view: v, position }: { player: PlayerView; view: GameView; position: SeatPosition }) {
  useSignals();
  const folded = phone.value;
  const [open, setOpen] = useState(false);
  const kingdomId = useId();
  const active = v.phase === "playing" && v.currentPlayerNumber === p.number;
  const partner = isPartner(v, p);
  const cards = p.cardCount ?? 0;
  const name = p.name ?? `Player ${p.number}`;
  const head = (
    <>
      <span className={s.name}>{name}</span>
      <span className={s.number}>Player {p.number}</span>
      {p.team != null && <span className={badge}>Team {p.team}</span>}
      {partner && <span className={badgeGold}>Partner</span>}
      {p.isBot && <span className={badge}>Bot</span>}
      {p.connected === false && !p.isBot && <span className={badge}>{p.botControlled ? "Away: a bot plays" : "Offline"}</span>}
      {active && <span className={badgeGold}>Playing</span>}
      <TurnClock clock={p.clock} owner={`${name}'s`} />
      <span className={s.handCount} aria-label={`${cards} cards in hand`} data-testid="opponent-card-count" data-hand-of={p.number}>
        <span className={s.backs} aria-hidden="true">
          {Array.from({ length: Math.min(cards, 3) }, (_, i) => (
            <span key={i} className={s.back}>
              <Card card={null} size="xs" label="Cards in hand" />
            </span>
          ))}
        </span>
        ×{cards}
      </span>
    </>
  );
  const classes = [s.seat, s.area[position], active && s.active, partner && s.partner].filter(Boolean).join(" ");
  return (
    <section className={classes} aria-label={`${name}, Player ${p.number}`} data-testid="opponent" data-seat={position}>
      {folded ? (
        <button type="button" className={s.row} aria-expanded={open} aria-controls={kingdomId} onClick={() => setOpen((o) => !o)} data-testid="seat-toggle">
          {head}
          <span className={[s.chevron, open && s.chevronOpen].filter(Boolean).join(" ")} aria-hidden="true">
            ▾
          </span>
          <span className={s.summary}>{kingdomSummary(p)}</span>
        </button>
      ) : (
        <div className={s.head}>{head}</div>
      )}
      <div id={kingdomId} hidden={folded && !open}>
        {v.setupType === "constructed" && (
          <div className={s.pile} data-testid="opponent-pile" aria-label={`${name}'s own pile and revealed cards`}>
            <span className={s.number}>Pile ×{p.pileCount ?? 0}</span>
            {(p.revealedCards ?? []).map((c, i) => (c ? <Card key={c.id} card={c} size="xs" /> : <span key={`none-${i}`} />))}
          </div>
        )}
        {p.kingdom && <Kingdom kingdom={p.kingdom} compact owner={`${name}'s`} playerNumber={p.number} />}
      </div>
    </section>
  );
}

/** My seat at the bottom of the table: my name, team, points and kingdom (resources selectable). */
export function MySeat({
  view: v,
  selectedResources,
  onToggleResource,
}: {
  view: GameView;
  selectedResources: readonly string[];
  onToggleResource?: (id: string) => void;
}) {
  const me = v.players.find((p) => p.number === v.myPlayerNumber);
  return (
    <section className={s.mine} aria-label="Your kingdom" data-testid="my-kingdom">
      <div className={s.head}>
        <span className={s.name}>{me?.name ?? "You"}</span>
        <span className={s.number}>Player {v.myPlayerNumber}</span>
        {me?.team != null && <span className={badge}>Team {me.team}</span>}
        {typeof me?.score === "number" && <span className={badge}>{me.score === 1 ? "1 point" : `${me.score} points`}</span>}
        <TurnClock clock={me?.clock} owner="Your" />
      </div>
      {me?.kingdom && (
        <Kingdom kingdom={me.kingdom} owner="Your" playerNumber={me.number} selectedResources={selectedResources} onToggleResource={onToggleResource} />
      )}
    </section>
  );
}
