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
        <span style={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 4, width: 96 }}>
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
  compact?: boolean;
  owner: string;
}

function CombinationView({ combo, royals, size }: { combo: Combination; royals: Map<string, KingdomData["royals"][number]>; size: "xs" | "sm" }) {
  const rider = combo.ridingRoyalId ? royals.get(combo.ridingRoyalId) : undefined;
  const inside = combo.protectedRoyalIds.map((id) => royals.get(id)).filter((c) => !!c);
  const name = combinationName(combo);
  const label = `${name} (${combo.cards.map(cardName).join(", ")})${rider ? `, ridden by ${cardName(rider)}` : ""}${
    inside.length ? `, holding ${inside.map(cardName).join(", ")}` : ""
  }`;
  return (
    <div className={s.combo} role="group" aria-label={label} data-testid="combination" data-kind={combo.kind}>
      <span className={s.comboName}>
        {name}
        {combo.points ? ` · ${combo.points} pt` : ""}
      </span>
      <div className={s.fan}>
        {combo.cards.map((c) => (
          <span key={c.id} className={s.fanCard}>
            <HoverCard card={c}>
              <Card card={c} size={size} />
            </HoverCard>
          </span>
        ))}
        {rider && (
          <span style={{ marginLeft: 6 }} title="Rider">
            <Card card={rider} size={size} label={`${cardName(rider)}, riding`} />
          </span>
        )}
      </div>
      {combo.type === "castle" || combo.type === "cathedral" ? (
        <div className={s.inside}>
          Inside:
          {inside.length ? inside.map((c) => <Card key={c.id} card={c} size="xs" />) : " none"}
        </div>
      ) : null}
    </div>
  );
}

/** A kingdom: resources (ready upright, used sideways), free royals, beasts and structures. */
export function Kingdom({ kingdom, selectedResources, onToggleResource, compact, owner }: KingdomProps) {
  const size = compact ? "xs" : "sm";
  const royals = new Map(kingdom.royals.map((r) => [r.id, r]));
  const placed = new Set<string>();
  for (const c of kingdom.combinations) {
    if (c.ridingRoyalId) placed.add(c.ridingRoyalId);
    c.protectedRoyalIds.forEach((id) => placed.add(id));
  }
  const free = kingdom.royals.filter((r) => !placed.has(r.id));
  const selected = new Set(selectedResources ?? []);
  return (
    <div className={s.kingdom} aria-label={`${owner} kingdom`} role="region">
      <div className={s.zones}>
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
                    size={compact ? "xs" : "sm"}
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
        {kingdom.combinations.length > 0 && (
          <div className={s.zone}>
            <span className={s.zoneLabel}>Beasts &amp; Structures</span>
            <div className={s.cards}>
              {kingdom.combinations.map((c, i) => (
                <CombinationView key={`${c.kind}-${c.cards[0]?.id ?? i}`} combo={c} royals={royals} size={compact ? "xs" : "xs"} />
              ))}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
