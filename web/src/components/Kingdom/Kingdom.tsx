import { useContext, type ReactNode } from "react";
import type { Card as CardData, Combination, Kingdom as KingdomData } from "../../net/types";
import { cardName, combinationName } from "../../logic/cards";
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
}

type Size = "xs" | "sm" | "md";

/** A beast with its rider on its back, or a structure with the royals inside its walls. */
function CombinationView({ combo, royals, size }: { combo: Combination; royals: Map<string, CardData>; size: Size }) {
  const rider = combo.ridingRoyalId ? royals.get(combo.ridingRoyalId) : undefined;
  const inside = combo.protectedRoyalIds.map((id) => royals.get(id)).filter((c) => !!c);
  const structure = combo.type === "castle" || combo.type === "cathedral";
  const name = combinationName(combo);
  const label = `${name} (${combo.cards.map(cardName).join(", ")})${rider ? `, ridden by ${cardName(rider)}` : ""}${
    inside.length ? `, holding ${inside.map(cardName).join(", ")}` : ""
  }`;
  return (
    <div className={structure ? s.structure : s.beast} role="group" aria-label={label} data-testid="combination" data-kind={combo.kind}>
      <span className={s.comboName}>
        {name}
        {combo.points ? ` · ${combo.points} pt` : ""}
      </span>
      <div className={s.fan}>
        {combo.cards.map((c) => (
          <span key={c.id} className={s.fanCard}>
            <HoverCard card={c}>
              <Card card={c} size={size === "md" ? "sm" : size} />
            </HoverCard>
          </span>
        ))}
        {rider && (
          <span className={s.rider} data-testid="rider">
            <HoverCard card={rider}>
              <Card card={rider} size={size === "md" ? "sm" : size} label={`${cardName(rider)}, riding`} />
            </HoverCard>
          </span>
        )}
      </div>
      {structure && (
        <div className={s.inside} data-testid="inside">
          {inside.length ? (
            inside.map((c) => (
              <HoverCard key={c.id} card={c}>
                <Card card={c} size="xs" label={`${cardName(c)}, inside`} />
              </HoverCard>
            ))
          ) : (
            <span className={s.empty}>No royal inside</span>
          )}
        </div>
      )}
    </div>
  );
}

/** A kingdom: resources (ready upright, used sideways), free royals, beasts and structures. */
export function Kingdom({ kingdom, selectedResources, onToggleResource, compact, owner, playerNumber }: KingdomProps) {
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
              <HoverCard key={r.id} card={r}>
                <Card card={r} size={size} testId="royal" />
              </HoverCard>
            ))}
          </div>
        </div>
      )}
      {kingdom.combinations.length > 0 && (
        <div className={s.zone}>
          <span className={s.zoneLabel}>Beasts &amp; Structures</span>
          <div className={s.cards}>
            {kingdom.combinations.map((c, i) => (
              <CombinationView key={`${c.kind}-${c.cards[0]?.id ?? i}`} combo={c} royals={royals} size={compact ? "xs" : "sm"} />
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
