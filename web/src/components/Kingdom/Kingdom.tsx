import { useContext, type ReactNode } from "react";
import type { Card as CardData, Combination, Kingdom as KingdomData } from "../../net/types";
import { cardName, combinationName, isRed, shortName } from "../../logic/cards";
import { BEAST_PATHS, BEAST_VIEWBOX } from "../../art/beasts";
import { Card, CardFace, DeckStyleContext } from "../Card/Card";
import { Tooltip } from "../Tooltip/Tooltip";
import * as s from "./Kingdom.css";

/** The hover card: a large, named view of a small card (opens after 700 ms, closes after 300 ms). */
function HoverCard({ card, children }: { card: CardData; children: ReactNode }) {
  const deck = useContext(DeckStyleContext);
  return (
    <Tooltip
      placement="bottom"
      content={
        <span className={s.hoverCard}>
          <CardFace card={card} deck={deck} />
          <span>{cardName(card)}</span>
        </span>
      }
    >
      {children}
    </Tooltip>
  );
}

export interface KingdomProps {
  kingdom: KingdomData;
  /** Present for my own kingdom: ready resources can be selected. */
  selectedResources?: readonly string[];
  onToggleResource?: (cardId: string) => void;
  /** An opponent's kingdom: smaller cards, empty zones left out. */
  compact?: boolean;
  owner: string;
  /** The owner's player number: names the kingdom as a place cards travel to and from. */
  playerNumber?: number | null;
  /** Aiming: the cards (a royal, a combination's first card) a follow-up may choose, with its words. */
  targets?: ReadonlyMap<string, readonly { label: string }[]>;
  onTarget?: (cardId: string) => void;
}

interface AimProps {
  targets?: ReadonlyMap<string, readonly { label: string }[]>;
  onTarget?: (cardId: string) => void;
}

/** A royal that may be a target: glowing and clickable when it is one. */
function RoyalCard({ card, size, label, targets, onTarget, testId }: { card: CardData; size: Size; label?: string } & AimProps & { testId?: string }) {
  const aim = onTarget ? targets?.get(card.id) : undefined;
  if (aim?.length) {
    return <Card card={card} size={size} aimed label={`${aim[0].label} (${label ?? cardName(card)})`} onClick={onTarget} testId="aim-target" />;
  }
  return (
    <HoverCard card={card}>
      <Card card={card} size={size} label={label} testId={testId} />
    </HoverCard>
  );
}

type Size = "xs" | "sm" | "md";

/** The one picture a beast or structure is drawn as (its kind's silhouette). */
function Silhouette({ combo }: { combo: Combination }) {
  return (
    <svg className={`${s.art} ${s.tint[combo.kind] ?? ""}`} viewBox={BEAST_VIEWBOX} aria-hidden="true" focusable="false">
      <path d={BEAST_PATHS[combo.kind === "unicorn" ? "unicorn" : combo.type]} fill="currentColor" />
    </svg>
  );
}

/** The cards a beast or structure is made of, as marks on it (each opens the card on hover). */
function Brand({ cards }: { cards: readonly CardData[] }) {
  return (
    <span className={s.brand}>
      {cards.map((c) => (
        <HoverCard key={c.id} card={c}>
          <span className={`${s.mark} ${isRed(c) ? s.markRed : s.markBlack}`} data-card-id={c.id} data-testid="combo-card">
            {shortName(c)}
          </span>
        </HoverCard>
      ))}
    </span>
  );
}

/**
 * A beast or a structure drawn as one object: its silhouette (a horse, a unicorn, a dragon, a
 * castle's gate, a cathedral), the cards it is made of marked on it, the rider on its back, the
 * royals inside the walls.
 */
function CombinationView({ combo, royals, size, targets, onTarget }: { combo: Combination; royals: Map<string, CardData>; size: Size } & AimProps) {
  const rider = combo.ridingRoyalId ? royals.get(combo.ridingRoyalId) : undefined;
  const inside = combo.protectedRoyalIds.map((id) => royals.get(id)).filter((c) => !!c);
  const structure = combo.type === "castle" || combo.type === "cathedral";
  const name = combinationName(combo);
  const label = `${name} (${combo.cards.map(cardName).join(", ")})${rider ? `, ridden by ${cardName(rider)}` : ""}${
    inside.length ? `, holding ${inside.map(cardName).join(", ")}` : ""
  }`;
  const first = combo.cards[0]?.id;
  const aim = onTarget && first ? targets?.get(first) : undefined;
  const royalSize = "xs";
  const body = (aimed: boolean) => (
    <>
      <Silhouette combo={combo} />
      <span className={s.comboName}>
        {name}
        {combo.points ? ` · ${combo.points} pt` : ""}
      </span>
      {rider && (
        <span className={s.rider} data-testid="rider">
          {aimed ? (
            <Card card={rider} size={royalSize} label={`${cardName(rider)}, riding`} />
          ) : (
            <RoyalCard card={rider} size={royalSize} label={`${cardName(rider)}, riding`} targets={targets} onTarget={onTarget} />
          )}
        </span>
      )}
      {structure && (
        <span className={s.inside} data-testid="inside">
          {inside.length ? (
            inside.map((c) =>
              aimed ? (
                <Card key={c.id} card={c} size={royalSize} label={`${cardName(c)}, inside`} />
              ) : (
                <RoyalCard key={c.id} card={c} size={royalSize} label={`${cardName(c)}, inside`} targets={targets} onTarget={onTarget} />
              ),
            )
          ) : (
            <span className={s.empty}>No royal inside</span>
          )}
        </span>
      )}
      <Brand cards={combo.cards} />
    </>
  );
  const shape = `${s.object[size]} ${structure ? s.structure : s.beast}`;
  if (aim?.length && first) {
    // The whole beast or structure is the target: one button.
    return (
      <button
        type="button"
        className={`${shape} ${s.aimedCombo}`}
        onClick={() => onTarget?.(first)}
        data-testid="aim-target"
        data-card-id={first}
        data-kind={combo.kind}
      >
        {/* What it does as the button's content (not an aria-label), ahead of what is drawn:
            what is seen is part of what is said. */}
        <span className="sr-only">{`${aim[0].label}: ${label}. `}</span>
        {body(true)}
      </button>
    );
  }
  return (
    <div className={shape} role="group" aria-label={label} data-testid="combination" data-kind={combo.kind}>
      {body(false)}
    </div>
  );
}

/** A kingdom: resources (ready upright, used sideways), free royals, beasts and structures. */
export function Kingdom({ kingdom, selectedResources, onToggleResource, compact, owner, playerNumber, targets, onTarget }: KingdomProps) {
  const size: Size = compact ? "sm" : "md";
  const royals = new Map(kingdom.royals.map((r) => [r.id, r]));
  const placed = new Set<string>();
  for (const c of kingdom.combinations) {
    if (c.ridingRoyalId) placed.add(c.ridingRoyalId);
    c.protectedRoyalIds.forEach((id) => placed.add(id));
  }
  const free = kingdom.royals.filter((r) => !placed.has(r.id));
  const selected = new Set(selectedResources ?? []);
  return (
    <div className={s.kingdom} aria-label={`${owner} kingdom`} role="region" data-zone={playerNumber != null ? `kingdom-${playerNumber}` : undefined}>
      <div className={s.zone} data-testid="resources">
        <span className={s.zoneLabel}>Resources</span>
        <div className={s.cards}>
          {kingdom.resources.length === 0 && <span className={s.empty}>none</span>}
          {kingdom.resources.map((r) => {
            const ready = r.orientation === "ready";
            const label = `${cardName(r.card)}, ${ready ? "ready" : "used"} resource`;
            const card = (
              <Card
                key={r.card.id}
                card={r.card}
                size={size}
                used={!ready}
                label={label}
                selected={selected.has(r.card.id)}
                disabled={onToggleResource ? !ready : undefined}
                onClick={ready ? onToggleResource : undefined}
                testId={ready ? "resource-ready" : "resource-used"}
              />
            );
            return compact ? (
              <HoverCard key={r.card.id} card={r.card}>
                {card}
              </HoverCard>
            ) : (
              card
            );
          })}
        </div>
      </div>
      {(!compact || free.length > 0) && (
        <div className={s.zone}>
          <span className={s.zoneLabel}>Royals</span>
          <div className={s.cards}>
            {free.length === 0 && <span className={s.empty}>none</span>}
            {free.map((r) => (
              <RoyalCard key={r.id} card={r} size={size} testId="royal" targets={targets} onTarget={onTarget} />
            ))}
          </div>
        </div>
      )}
      {kingdom.combinations.length > 0 && (
        <div className={s.zone}>
          <span className={s.zoneLabel}>Beasts &amp; Structures</span>
          <div className={s.cards}>
            {kingdom.combinations.map((c, i) => (
              <CombinationView key={`${c.kind}-${c.cards[0]?.id ?? i}`} combo={c} royals={royals} size={compact ? "sm" : "md"} targets={targets} onTarget={onTarget} />
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
