import { useSignals } from "@preact/signals-react/runtime";
import { useId, useState, type ReactNode } from "react";
import { initials } from "../../logic/cards";
import { isPartner } from "../../logic/score";
import type { GameView, PlayerView } from "../../net/types";
import { phone } from "../../state/viewport";
import { badge, badgeGold } from "../../theme/ui.css";
import { Card } from "../Card/Card";
import { FitBox } from "../FitBox/FitBox";
import { Kingdom } from "../Kingdom/Kingdom";
import { ProfileLink } from "../ProfileLink/ProfileLink";
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

function points(n: number): string {
  return n === 1 ? "1 pt" : `${n} pts`;
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

/** What other parts of the app add to a player panel (a turn clock, a chat bubble). */
export interface PanelSlots {
  /** Shown in the panel's row, after the badges (a turn clock). */
  status?: ReactNode;
  /** Anchored to the panel (a chat bubble beside the seat). */
  bubble?: ReactNode;
}

/**
 * A player panel: avatar (a signed-in player's picture, else initials), name, team, whose
 * turn, the hand's points so far and the cards in hand. Everything comes from the view.
 */
export function PlayerPanel({ player: p, view: v, mine, slots, inButton }: { player: PlayerView; view: GameView; mine?: boolean; slots?: PanelSlots; inButton?: boolean }) {
  const active = v.phase === "playing" && v.currentPlayerNumber === p.number;
  const partner = isPartner(v, p);
  const cards = p.cardCount ?? 0;
  const name = p.name ?? `Player ${p.number}`;
  const score = p.score ?? 0;
  return (
    <>
      <span className={s.avatar} aria-hidden="true">
        {initials(name)}
      </span>
      <span className={s.name}>
        {/* A person with an account: the name opens their public profile (not inside the phone's seat button). */}
        <ProfileLink username={inButton ? null : p.username} name={mine && name !== "You" ? `${name} (you)` : name} />
      </span>
      <span className={s.score} data-testid="seat-score" aria-label={`${score === 1 ? "1 point" : `${score} points`} this hand`}>
        {points(score)}
      </span>
      {!mine && (
        <span className={s.handCount} aria-label={`${cards} cards in hand`} data-testid="opponent-card-count" data-hand-of={p.number}>
          <span className={s.backs} aria-hidden="true">
            {cards > 0 && <Card card={null} size="xs" label="Cards in hand" />}
          </span>
          ×{cards}
        </span>
      )}
      <TurnClock clock={p.clock} owner={mine ? "Your" : `${name}'s`} />
      {slots?.status && <span className={s.status}>{slots.status}</span>}
      <span className={s.badges}>
        {active && <span className={badgeGold}>{mine ? "Your turn" : "Playing"}</span>}
        {p.team != null && <span className={badge}>Team {p.team}</span>}
        {partner && <span className={badgeGold}>Partner</span>}
        {(p.isBot || p.botAccount) && <span className={badge}>Bot</span>}
        {p.connected === false && !p.isBot && <span className={badge}>{p.botControlled ? "Away: a bot plays" : "Offline"}</span>}
      </span>
      {slots?.bubble}
    </>
  );
}

/** An opponent's (or partner's) seat: the panel and the kingdom, shrunk to fit the seat. */
/** Aiming: the table's targets (by card id) and what a click on one does. */
export interface SeatAim {
  targets?: ReadonlyMap<string, readonly { label: string }[]>;
  onTarget?: (cardId: string) => void;
}

/** What changes a kingdom's size: its cards, their sides, riders and royals inside (FitBox's key). */
export function kingdomShape(p: PlayerView | undefined): string {
  const k = p?.kingdom;
  if (!k) return "";
  const used = k.resources.filter((r) => r.orientation === "used").length;
  const combos = k.combinations.map((c) => `${c.cards.length}${c.ridingRoyalId ? "r" : ""}${c.protectedRoyalIds.length}`).join(",");
  return `${k.resources.length}/${used}/${k.royals.length}/${combos}`;
}

function hasTarget(p: PlayerView, targets: SeatAim["targets"]): boolean {
  const k = p.kingdom;
  if (!k || !targets?.size) return false;
  return k.royals.some((c) => targets.has(c.id)) || k.combinations.some((c) => !!c.cards[0] && targets.has(c.cards[0].id));
}

export function Seat({
  player: p,
  view: v,
  position,
  slots,
  targets,
  onTarget,
}: { player: PlayerView; view: GameView; position: SeatPosition; slots?: PanelSlots } & SeatAim) {
  useSignals();
  const folded = phone.value;
  const [opened, setOpen] = useState(false);
  // A seat holding a target of the follow-up opens by itself on a phone: the target is clicked there.
  const open = opened || hasTarget(p, targets);
  const kingdomId = useId();
  const active = v.phase === "playing" && v.currentPlayerNumber === p.number;
  const partner = isPartner(v, p);
  const name = p.name ?? `Player ${p.number}`;
  const classes = [s.seat, s.area[position], active && s.active, partner && s.partner].filter(Boolean).join(" ");
  const pile =
    v.setupType === "constructed" ? (
      <div className={s.pile} data-testid="opponent-pile" aria-label={`${name}'s own pile and revealed cards`}>
        <span className={s.number}>Pile ×{p.pileCount ?? 0}</span>
        {(p.revealedCards ?? []).map((c, i) => (c ? <Card key={c.id} card={c} size="xs" /> : <span key={`none-${i}`} />))}
      </div>
    ) : null;
  const kingdom = p.kingdom ? <Kingdom kingdom={p.kingdom} compact owner={`${name}'s`} playerNumber={p.number} targets={targets} onTarget={onTarget} /> : null;
  return (
    <section className={classes} aria-label={`${name}, Player ${p.number}`} data-testid="opponent" data-seat={position}>
      {folded ? (
        <>
          <button type="button" className={`${s.row} ${s.panel}`} aria-expanded={open} aria-controls={kingdomId} onClick={() => setOpen((o) => !o)} data-testid="seat-toggle">
            <PlayerPanel player={p} view={v} slots={slots} inButton />
            <span className={[s.chevron, open && s.chevronOpen].filter(Boolean).join(" ")} aria-hidden="true">
              ▾
            </span>
          </button>
          <div id={kingdomId} hidden={!open} className={s.popover}>
            <p className={s.summary}>{kingdomSummary(p)}</p>
            {pile}
            {kingdom}
          </div>
        </>
      ) : (
        <>
          <div className={s.panel} data-testid="seat-panel">
            <PlayerPanel player={p} view={v} slots={slots} />
          </div>
          {pile}
          <FitBox className={s.kingdomBox} fitKey={`${kingdomShape(p)}|${targets?.size ?? 0}`}>
            {kingdom}
          </FitBox>
        </>
      )}
    </section>
  );
}

/** My seat at the bottom of the table: my panel and my kingdom (resources selectable), shrunk to fit. */
export function MySeat({
  view: v,
  selectedResources,
  onToggleResource,
  slots,
  targets,
  onTarget,
}: {
  view: GameView;
  selectedResources: readonly string[];
  onToggleResource?: (id: string) => void;
  slots?: PanelSlots;
} & SeatAim) {
  const me = v.players.find((p) => p.number === v.myPlayerNumber);
  return (
    <section className={s.mine} aria-label="Your kingdom" data-testid="my-kingdom">
      {me && (
        <div className={s.panel} data-testid="seat-panel">
          <PlayerPanel player={me} view={v} mine slots={slots} />
        </div>
      )}
      <FitBox className={s.kingdomBox} testId="my-kingdom-fit" fitKey={`${kingdomShape(me)}|${targets?.size ?? 0}|${selectedResources.length}`}>
        {me?.kingdom && (
          <Kingdom
            kingdom={me.kingdom}
            owner="Your"
            playerNumber={me.number}
            selectedResources={selectedResources}
            onToggleResource={onToggleResource}
            targets={targets}
            onTarget={onTarget}
          />
        )}
      </FitBox>
    </section>
  );
}
