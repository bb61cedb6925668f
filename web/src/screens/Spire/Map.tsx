import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Card } from "../../components/Card/Card";
import { Dialog } from "../../components/Dialog/Dialog";
import { cardFromId } from "../../logic/cards";
import type { SpireDeckRules, SpireLegend, SpireNode, SpireRun, SpireTreasure } from "../../net/spire";
import { joinSpireFight, spire } from "../../state/actions";
import { leaveRoom, view } from "../../state/game";
import { badgeGold, button, muted, panel, row } from "../../theme/ui.css";
import { RunNotFound } from "./DeckSelection";
import * as s from "./Spire.css";

export const NODE_ICONS: Record<string, string> = {
  combat: "⚔",
  elite: "☠",
  rest: "♨",
  shop: "$",
  treasure: "♦",
  event: "?",
  boss: "♛",
};

/** A room's name in the run's own words (its legend); the kind, capitalised, for a room the
 *  legend does not list. */
function roomName(legend: SpireLegend | undefined, kind: string): string {
  return legend?.rooms.find((r) => r.kind === kind)?.name ?? kind.charAt(0).toUpperCase() + kind.slice(1);
}

const COL = 80;
const ROW = 64;
const PAD = 40;

type Loaded = { run: SpireRun; nodes: SpireNode[] };

/** The map's legend: each room's icon and its rule in the run's own words (the server's). */
export function MapLegend({ legend }: { legend: SpireLegend }) {
  return (
    <section className={s.legend} aria-label="Map legend" data-testid="spire-legend">
      <p className={muted}>
        Act {legend.act} of {legend.acts}: {legend.floors} floors and the boss. {legend.floorRules}
      </p>
      <ul className={s.legendList}>
        {legend.rooms.map((r) => (
          <li key={r.kind} className={s.legendItem} title={r.text} tabIndex={0} aria-label={`${r.name}: ${r.text}`}>
            <span className={s.legendIcon} aria-hidden>
              {NODE_ICONS[r.kind] ?? "•"}
            </span>
            <span>
              <strong>{r.name}</strong>
              <span className={s.legendText}>{r.text}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MapDrawing({ nodes, legend, onEnter }: { nodes: SpireNode[]; legend: SpireLegend | undefined; onEnter: (n: SpireNode) => void }) {
  // The map's height comes from the run (its floors and the boss above), never a fixed number.
  const FLOORS = legend?.bossFloor ?? Math.max(...nodes.map((n) => n.floor));
  const pos = (n: SpireNode) => ({ x: PAD + n.x * COL, y: PAD + (FLOORS - n.floor) * ROW });
  const rules = new Map((legend?.rooms ?? []).map((r) => [r.kind, r.text]));
  const scroller = useRef<HTMLDivElement>(null);
  const here = nodes.find((n) => n.isCurrent) ?? nodes.find((n) => n.isAccessible);
  useEffect(() => {
    const el = scroller.current?.querySelector<SVGGElement>("[data-here='true']");
    el?.scrollIntoView({ block: "center" });
  }, [here?.id]);
  const width = PAD * 2 + COL * 6;
  const height = PAD * 2 + ROW * (FLOORS - 1);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  return (
    <div ref={scroller} className={s.mapScroll}>
      <svg className={s.mapSvg} viewBox={`0 0 ${width} ${height}`} role="img" aria-label="Spire map" data-testid="spire-map">
        {nodes.flatMap((n) =>
          n.children.map((c) => {
            const child = byId.get(c);
            if (!child) return null;
            const a = pos(n);
            const b = pos(child);
            const taken = n.isCompleted && (child.isCompleted || child.isCurrent);
            return <line key={`${n.id}-${c}`} x1={a.x} y1={a.y} x2={b.x} y2={b.y} className={taken ? s.path.taken : s.path.base} />;
          }),
        )}
        {nodes.map((n) => {
          const p = pos(n);
          const state = n.isCurrent ? "current" : n.isAccessible ? "accessible" : n.isCompleted ? "completed" : "base";
          const r = n.nodeType === "boss" ? 28 : 18;
          const label = `${roomName(legend, n.nodeType)}, floor ${n.floor}${n.isCompleted ? ", completed" : ""}${n.isAccessible ? ", reachable" : ""}`;
          return (
            <g
              key={n.id}
              data-node={n.id}
              data-type={n.nodeType}
              data-state={state}
              data-here={here?.id === n.id}
              role={n.isAccessible ? "button" : undefined}
              tabIndex={n.isAccessible ? 0 : undefined}
              aria-label={label}
              onClick={n.isAccessible ? () => onEnter(n) : undefined}
              onKeyDown={n.isAccessible ? (e) => (e.key === "Enter" || e.key === " ") && onEnter(n) : undefined}
            >
              <title>{`${label}. ${rules.get(n.nodeType) ?? ""}`}</title>
              <circle cx={p.x} cy={p.y} r={r} className={s.node[state]} />
              <text x={p.x} y={p.y + 6} textAnchor="middle" className={s.nodeIcon}>
                {NODE_ICONS[n.nodeType] ?? "•"}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}

function CardRow({ cards, onPick, label }: { cards: string[]; onPick?: (id: string) => void; label?: (id: string) => string }) {
  return (
    <div className={s.cards}>
      {cards.map((id, i) => (
        <div key={`${id}-${i}`} className={s.offer}>
          <Card card={cardFromId(id)} size="lg" onClick={onPick} />
          {label && <span>{label(id)}</span>}
        </div>
      ))}
    </div>
  );
}

type Answer = SpireRun | null | "missing";

/** The rest button's words from the run's own figure (its relics may heal more). */
function restLabel(run: SpireRun): string {
  const heal = run.legend?.restHeal;
  return heal !== undefined ? `Rest (heal ${heal} HP)` : "Rest";
}

const SCORE_NAMES: Record<string, string> = { floors: "Floors climbed", elites: "Elites beaten", bosses: "Bosses beaten", hp: "HP left", victory: "Victory" };

/** The end of a run: its path act by act, its deck and relics, and the score's breakdown. */
export function RunSummary({ run }: { run: SpireRun }) {
  const acts = [...new Set(run.path.map((p) => p.act))].sort((a, b) => a - b);
  return (
    <section className={panel} aria-label="Run summary" data-testid="spire-summary">
      <h2>{run.phase === "won" ? "Victory!" : run.phase === "lost" ? "Defeat" : "Run abandoned"}</h2>
      <p className={muted}>{run.notice}</p>
      <h3>Path</h3>
      {acts.map((a) => (
        <p key={a} className={s.summaryPath}>
          <strong>Act {a}:</strong>{" "}
          {run.path
            .filter((p) => p.act === a)
            .map((p, i) => (
              <span key={i} title={`Floor ${p.floor}: ${roomName(run.legend, p.kind)}`}>
                {NODE_ICONS[p.kind] ?? "•"}
              </span>
            ))}
        </p>
      ))}
      <h3>Deck ({run.deck.length})</h3>
      <CardRow cards={run.deck} />
      <h3>Relics ({run.relics.length})</h3>
      {run.relics.length ? (
        <ul className={s.relicList}>
          {run.relics.map((r) => (
            <li key={r.id}>
              <strong>{r.name}</strong>: <span className={muted}>{r.text}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={muted}>None.</p>
      )}
      <h3>Score</h3>
      <table className={s.scoreTable}>
        <tbody>
          {Object.entries(run.scoreParts).map(([k, v]) => (
            <tr key={k}>
              <td>{SCORE_NAMES[k] ?? k}</td>
              <td>{v}</td>
            </tr>
          ))}
          <tr>
            <th>Total</th>
            <th>{run.score}</th>
          </tr>
        </tbody>
      </table>
      <Link to="/spire">Back to the Spire</Link>
    </section>
  );
}

/** Between acts: a screen of its own, once per act (the map waits behind it). */
export function ActTransition({ run, onGo }: { run: SpireRun; onGo: () => void }) {
  const boss = run.legend?.rooms.find((r) => r.kind === "boss");
  return (
    <Dialog title={`Act ${run.currentAct}`} onClose={onGo} testId="spire-act">
      <div className={s.dialogBody}>
        <p className={s.actTitle}>{["", "The Marches", "The Dragon Lands", "The Spire"][run.currentAct] ?? ""}</p>
        <p>{run.notice}</p>
        <p>
          ❤ {run.currentHP}/{run.maxHP} · {run.gold} gold · {run.deck.length} cards · {run.relics.length} relics
        </p>
        {boss && (
          <p>
            <strong>Waiting at the top:</strong> {boss.text}
          </p>
        )}
        <button className={button.primary} onClick={onGo} data-autofocus>
          Climb on
        </button>
      </div>
    </Dialog>
  );
}

const SUIT_SIGN: Record<string, string> = { hearts: "♥", diamonds: "♦", clubs: "♣", spades: "♠" };

/** The deck's suit synergy: its cards per suit, its banner and standard, and every suit's
 * standard (the run's words: docs/spire.md, "Suit standards"). */
export function DeckStandards({ rules }: { rules: SpireDeckRules }) {
  return (
    <section className={s.standards} data-testid="spire-standards" aria-label="Suit standards">
      <p>
        {rules.bannerText} <strong>{rules.standardText}</strong>
      </p>
      <ul className={s.relicList}>
        {rules.standards.map((st) => (
          <li key={st.suit} className={rules.standard?.suit === st.suit ? s.standardFlying : undefined}>
            {SUIT_SIGN[st.suit]} {rules.suits[st.suit] ?? 0} of {rules.size} · <strong>{st.name}</strong>: {st.description}
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface MapDialogsProps {
  run: SpireRun;
  /** What the chest of the treasure room just entered gave, until the player goes on. */
  chest: SpireTreasure | null;
  show: "deck" | "relics" | null;
  onShow: (show: "deck" | "relics" | null) => void;
  onChestSeen: () => void;
  /** The run's answer to a choice made in a dialog. */
  onAnswer: (next: Answer) => void;
  /** The run's answer to an event's choice (it may start a fight). */
  onFight: (next: Answer) => void;
}

/** The map's dialogs: the room the run stands in (reward, rest, shop, event, treasure) and the
 * deck and relics views. */
export function MapDialogs({ run, chest, show, onShow, onChestSeen, onAnswer, onFight }: MapDialogsProps) {
  const [picking, setPicking] = useState<"remove" | "fortify" | null>(null);
  const runId = run.id;
  const deckList = run.deck;
  const answer = (next: Answer) => {
    setPicking(null);
    onAnswer(next);
  };
  return (
    <>
      {chest && (
        <Dialog title="Treasure" onClose={onChestSeen} testId="spire-treasure">
          <div className={s.dialogBody}>
            {chest.relic ? (
              <>
                <p>You open the chest and find a relic:</p>
                <div className={s.relicFound} data-testid="spire-treasure-relic">
                  <strong className={s.relicName}>{chest.relic.name}</strong>
                  <span>{chest.relic.text}</span>
                </div>
              </>
            ) : (
              <p>Every relic is already yours: the chest holds gold instead.</p>
            )}
            {chest.gold > 0 && <p className={badgeGold}>+{chest.gold} gold</p>}
            <button className={button.primary} onClick={onChestSeen} data-autofocus>
              Continue
            </button>
          </div>
        </Dialog>
      )}
      {run.phase === "reward" && run.reward && (
        <Dialog title="Reward" wide>
          <div className={s.dialogBody}>
            <p>
              +{run.reward.gold} gold{run.reward.relic ? ` and a relic` : ""}. Choose a card for your deck:
            </p>
            <CardRow cards={run.reward.cards} onPick={(id) => void spire.chooseReward(runId, id).then(answer)} />
            <button className={button.secondary} onClick={() => void spire.chooseReward(runId, null).then(answer)}>Skip</button>
          </div>
        </Dialog>
      )}
      {run.phase === "rest" && (
        <Dialog title="Rest Site">
          <div className={s.dialogBody}>
            {picking === "fortify" ? (
              <>
                <p>Choose a card to fortify:</p>
                <CardRow cards={deckList.filter((c) => !run.fortified.includes(c))} onPick={(id) => void spire.rest(runId, "fortify", id).then(answer)} />
                <button className={button.ghost} onClick={() => setPicking(null)}>Back</button>
              </>
            ) : (
              <div className={row}>
                <button className={button.primary} onClick={() => void spire.rest(runId, "rest").then(answer)}>
                  {restLabel(run)}
                </button>
                <button className={button.secondary} onClick={() => setPicking("fortify")}>Fortify a card</button>
              </div>
            )}
          </div>
        </Dialog>
      )}
      {run.phase === "shop" && run.shop && (
        <Dialog title="Shop" wide>
          <div className={s.dialogBody}>
            {picking === "remove" ? (
              <>
                <p>Choose a card to remove ({run.shop.removalPrice} gold):</p>
                <CardRow cards={deckList} onPick={(id) => void spire.shop(runId, { kind: "remove", card: id }).then(answer)} />
                <button className={button.ghost} onClick={() => setPicking(null)}>Back</button>
              </>
            ) : (
              <>
                <h3>Cards</h3>
                <div className={s.cards}>
                  {run.shop.cards.map((o, i) => (
                    <div key={i} className={s.offer}>
                      <Card card={cardFromId(o.item)} size="lg" disabled={o.sold || o.price > run.gold} />
                      <button
                        className={button.secondary}
                        disabled={o.sold || o.price > run.gold}
                        onClick={() => void spire.shop(runId, { kind: "card", index: i }).then(answer)}
                      >
                        {o.sold ? "Sold" : `${o.price} gold`}
                      </button>
                    </div>
                  ))}
                </div>
                <h3>Relics</h3>
                <ul className={s.relicList}>
                  {run.shop.relics.map((o, i) => (
                    <li key={i} className={row}>
                      <strong>{o.name ?? o.item}</strong>
                      {o.text && <span className={muted}>{o.text}</span>}
                      <button
                        className={button.secondary}
                        disabled={o.sold || o.price > run.gold}
                        onClick={() => void spire.shop(runId, { kind: "relic", index: i }).then(answer)}
                      >
                        {o.sold ? "Sold" : `${o.price} gold`}
                      </button>
                    </li>
                  ))}
                </ul>
                <div className={row}>
                  <button className={button.secondary} disabled={run.shop.removed || run.shop.removalPrice > run.gold} onClick={() => setPicking("remove")}>
                    Remove a card ({run.shop.removalPrice} gold)
                  </button>
                  <button className={button.primary} onClick={() => void spire.shop(runId, { kind: "leave" }).then(answer)}>Leave</button>
                </div>
              </>
            )}
          </div>
        </Dialog>
      )}
      {run.phase === "event" && run.eventInfo && (
        <Dialog title={run.eventInfo.title}>
          <div className={s.dialogBody}>
            <p>{run.eventInfo.text}</p>
            {run.eventInfo.choices.map((c, i) => (
              <button
                key={i}
                className={button.secondary}
                disabled={c.problem !== null}
                title={c.problem ?? undefined}
                onClick={() => void spire.answerEvent(runId, i).then(onFight)}
              >
                {c.label}
                {c.problem ? ` (${c.problem})` : ""}
              </button>
            ))}
          </div>
        </Dialog>
      )}
      {show === "deck" && (
        <Dialog title={`Deck (${deckList.length})`} onClose={() => onShow(null)} wide>
          <div className={s.dialogBody}>
            <CardRow cards={deckList} label={(id) => (run.fortified.includes(id) ? "Fortified" : "")} />
            {run.deckRules && <DeckStandards rules={run.deckRules} />}
            <button className={button.primary} onClick={() => onShow(null)}>Close</button>
          </div>
        </Dialog>
      )}
      {show === "relics" && (
        <Dialog title="Relics" onClose={() => onShow(null)}>
          <div className={s.dialogBody}>
            {run.relics.length === 0 ? (
              <p className={muted}>No relics yet.</p>
            ) : (
              <ul className={s.relicList}>
                {run.relics.map((r) => (
                  <li key={r.id}>
                    <strong>{r.name}</strong>: {r.text}
                    {r.play === "rules" && <span className={s.ruleTag}> rule of play</span>}
                  </li>
                ))}
              </ul>
            )}
            <button className={button.primary} onClick={() => onShow(null)}>Close</button>
          </div>
        </Dialog>
      )}
    </>
  );
}

export default function SpireMap() {
  const { runId = "" } = useParams();
  const navigate = useNavigate();
  const [data, setData] = useState<Loaded | null | "missing">(null);
  const [show, setShow] = useState<"deck" | "relics" | null>(null);
  // What the chest of the treasure room just entered gave (shown once, after entering).
  const [chest, setChest] = useState<SpireTreasure | null>(null);
  // The act transition shows once per act of this run (stored per tab).
  const [actSeen, setActSeen] = useState(() => Number(sessionStorage.getItem(`kingdom.spireAct.${runId}`) ?? 1));

  const load = useCallback(async () => {
    const [run, map] = await Promise.all([spire.run(runId), spire.map(runId)]);
    if (run === "missing" || map === "missing") return setData("missing");
    if (run && map) {
      if (run.phase === "deck-selection") navigate(`/spire/deck-selection/${runId}`, { replace: true });
      else setData({ run, nodes: map.nodes });
    }
  }, [runId, navigate]);
  useEffect(() => void load(), [load]);
  useEffect(() => {
    // Back from a fight: leave its finished table.
    if (view.value) leaveRoom();
  }, []);

  if (data === "missing") return <RunNotFound />;
  if (!data) return <main className={s.page}>Loading...</main>;
  const { run, nodes } = data;

  const after = async (next: SpireRun | null | "missing") => {
    if (next && next !== "missing") await load();
  };
  const fight = async (answer: SpireRun | null | "missing") => {
    if (!answer || answer === "missing" || !answer.fight) return after(answer);
    const ack = await joinSpireFight(runId, answer.fight);
    if (ack.success) navigate("/game");
  };
  const enter = async (n: SpireNode) => {
    const next = await spire.enterNode(runId, n.id);
    if (next && next !== "missing" && next.fight) return fight(next);
    if (next && next !== "missing" && next.treasure) setChest(next.treasure);
    await after(next);
  };

  return (
    <main>
      <div className={s.topBar} data-testid="spire-status">
        <Link to="/spire">← Spire</Link>
        <strong>
          Act {run.currentAct}
          {run.legend && `/${run.legend.acts}`}
        </strong>
        <span aria-label="HP">
          ❤ {run.currentHP}/{run.maxHP}
        </span>
        <progress className={s.bar} value={Math.max(0, run.currentHP)} max={run.maxHP} aria-label="HP bar" />
        <span className={badgeGold}>{run.gold} gold</span>
        <button className={button.secondary} onClick={() => setShow("deck")}>Deck ({run.deck.length})</button>
        <button className={button.secondary} onClick={() => setShow("relics")}>Relics ({run.relics.length})</button>
        <span className={muted}>Floor {run.floorReached} · Score {run.score}</span>
      </div>
      <div className={s.page}>
        {run.notice && (
          <p className={s.banner} role="status" data-testid="spire-notice">
            {run.notice}
          </p>
        )}
        {run.phase === "combat" && run.combat && (
          <section className={panel} data-testid="spire-fight">
            <h2>{run.combat.enemy}</h2>
            <p>{run.combat.perk}</p>
            {run.stakes?.twistApplies && run.stakes.enemy.twist && (
              <p className={s.twist}>
                <strong>{run.stakes.enemy.twistName}:</strong> {run.stakes.enemy.twist}
              </p>
            )}
            {run.stakes && <p className={muted}>{run.stakes.win} {run.stakes.loss}</p>}
            <button className={button.primary} onClick={() => void spire.fight(runId).then(fight)}>Fight</button>
          </section>
        )}
        {run.isOver && <RunSummary run={run} />}
        {run.deckRules && !run.isOver && (
          <p className={muted} data-testid="spire-deck-rules">
            {run.deckRules.shapeText} {run.deckRules.bannerText} {run.deckRules.standardText}
          </p>
        )}
        <MapDrawing nodes={nodes} legend={run.legend} onEnter={(n) => void enter(n)} />
        {run.legend && <MapLegend legend={run.legend} />}
      </div>

      {!run.isOver && run.currentAct > actSeen && run.currentNodeIndex === null && (
        <ActTransition
          run={run}
          onGo={() => {
            sessionStorage.setItem(`kingdom.spireAct.${runId}`, String(run.currentAct));
            setActSeen(run.currentAct);
          }}
        />
      )}
      <MapDialogs
        run={run}
        chest={chest}
        show={show}
        onShow={setShow}
        onChestSeen={() => setChest(null)}
        onAnswer={(next) => void after(next)}
        onFight={(next) => void fight(next)}
      />
    </main>
  );
}
