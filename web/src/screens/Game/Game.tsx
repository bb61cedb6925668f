import { useSignals } from "@preact/signals-react/runtime";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Navigate, useNavigate } from "react-router";
import { ActionBar } from "../../components/ActionBar/ActionBar";
import { Card } from "../../components/Card/Card";
import { CrownAnimation } from "../../components/CrownAnimation/CrownAnimation";
import { DrawArea } from "../../components/DrawArea/DrawArea";
import { FollowUpDialog } from "../../components/FollowUpDialog/FollowUpDialog";
import { Hand } from "../../components/Hand/Hand";
import { Icon } from "../../components/Icon/Icon";
import { Kingdom } from "../../components/Kingdom/Kingdom";
import { OptionsDialog } from "../../components/OptionsDialog/OptionsDialog";
import { RulesDialog } from "../../components/RulesDialog/RulesDialog";
import { ScoreScreen } from "../../components/ScoreScreen/ScoreScreen";
import { cardName } from "../../logic/cards";
import { EMPTY_SELECTION, followUps, matchSelection, ofType, resourceSetsFor, type Selection } from "../../logic/legal";
import { teamOf } from "../../logic/score";
import type { ActionJson, GameView, PlayerView } from "../../net/types";
import { mountOutcome, outcomeFor, sendAction } from "../../state/actions";
import { hadView, leaveRoom, rejoining, tutorialActive, view } from "../../state/game";
import { badge, badgeGold, button, iconButton, muted } from "../../theme/ui.css";
import * as s from "./Game.css";

export const DRAW_GOLDEN_MS = 3000;
export const DRAW_ANIMATION_MS = 3600;

function playerName(v: GameView, n: number | null | undefined): string {
  if (n == null) return "";
  const p = v.players.find((x) => x.number === n);
  return p?.name ?? `Player ${n}`;
}

/**
 * Identifies one draw: a player draws once a turn, so hand, round and player tell draws apart
 * (cards drawn later in the turn by a Jack or Queen leave lastDrawAction as it was).
 */
export function drawKey(v: GameView): string | null {
  const d = v.lastDrawAction;
  return d ? `${v.currentHand}:${v.round ?? ""}:${d.playerNumber}:${d.source}:${d.selectedCardId ?? ""}:${d.drawnCard?.id ?? ""}:${d.timestamp ?? ""}` : null;
}

/** The 3600 ms draw animation: the source glows gold for 3000 ms, then the new card bounces. */
function useDrawAnimation(v: GameView) {
  const [golden, setGolden] = useState<string | null>(null);
  const [bounceId, setBounceId] = useState<string | null>(null);
  const seen = useRef<string | null | undefined>(undefined);
  const key = drawKey(v);
  const d = v.lastDrawAction;
  const mineDrawn = d && d.playerNumber === v.myPlayerNumber ? (d.drawnCard?.id ?? null) : null;
  useEffect(() => {
    if (seen.current === undefined || !key || key === seen.current || !d) {
      seen.current = key;
      return;
    }
    seen.current = key;
    setGolden(d.source);
    setBounceId(null);
    const t1 = setTimeout(() => {
      setGolden(null);
      setBounceId(mineDrawn);
    }, DRAW_GOLDEN_MS);
    const t2 = setTimeout(() => setBounceId(null), DRAW_ANIMATION_MS);
    return () => {
      clearTimeout(t1);
      clearTimeout(t2);
    };
  }, [key, d, mineDrawn]);
  return { golden, bounceId };
}

function Header({ v, onRules, onSettings, onLeave }: { v: GameView; onRules: () => void; onSettings: () => void; onLeave: () => void }) {
  return (
    <header className={s.header}>
      <span className={s.title}>Kingdom</span>
      <span className={badgeGold} aria-label={`Room code ${v.roomCode}`} data-testid="room-code-badge">
        {v.roomCode}
      </span>
      <button type="button" className={iconButton} onClick={onRules} aria-label="Rules" title="Rules">
        <Icon name="book" />
      </button>
      <button type="button" className={iconButton} onClick={onSettings} aria-label="Settings" title="Settings">
        <Icon name="gear" />
      </button>
      <button type="button" className={iconButton} onClick={onLeave} aria-label="Leave game" title="Leave game">
        <Icon name="exit" />
      </button>
    </header>
  );
}

function Opponent({ p, v }: { p: PlayerView; v: GameView }) {
  const active = v.phase === "playing" && v.currentPlayerNumber === p.number;
  const count = p.cardCount ?? 0;
  return (
    <section
      className={[s.opponent, active && s.activeOpponent].filter(Boolean).join(" ")}
      aria-label={`${p.name ?? `Player ${p.number}`}, Player ${p.number}`}
      data-testid="opponent"
    >
      <div className={s.oppHead}>
        <strong>{p.name ?? `Player ${p.number}`}</strong>
        <span className={muted} style={{ fontSize: 13 }}>
          Player {p.number}
        </span>
        {v.playerCount === 4 && <span className={badge}>Team {teamOf(p.number)}</span>}
        {v.playerCount === 4 && v.myPlayerNumber != null && teamOf(p.number) === teamOf(v.myPlayerNumber) && <span className={badgeGold}>Partner</span>}
        {p.isBot && <span className={badge}>Bot</span>}
        {p.connected === false && !p.isBot && <span className={badge}>{p.botControlled ? "Away: a bot plays" : "Offline"}</span>}
        {active && <span className={badgeGold}>Playing</span>}
        <span style={{ marginLeft: "auto", display: "inline-flex", alignItems: "center", gap: 4 }} aria-label={`${count} cards in hand`} data-testid="opponent-card-count">
          <Card card={null} size="xs" label="Cards in hand" />×{count}
        </span>
      </div>
      {v.setupType === "constructed" && (
        <div className={s.oppHead} data-testid="opponent-pile">
          <span className={muted}>Pile ×{p.pileCount ?? 0}</span>
          {(p.revealedCards ?? []).map((c, i) => (c ? <Card key={c.id} card={c} size="xs" /> : <span key={`none-${i}`} />))}
        </div>
      )}
      {p.kingdom && <Kingdom kingdom={p.kingdom} compact owner={`${p.name ?? `Player ${p.number}`}'s`} />}
    </section>
  );
}

function ChooseResource({ v, onAct }: { v: GameView; onAct: (a: ActionJson) => void }) {
  const choices = ofType(v.legalActions, "chooseStartingResource");
  const byCard = new Map(choices.map((a) => [a.cardId as string, a]));
  const me = v.players.find((p) => p.number === v.myPlayerNumber);
  const chosen = me?.startingResourceChosen;
  return (
    <TableLayout>
      <section style={{ textAlign: "center" }} aria-labelledby="choose-title">
        <h1 id="choose-title" className={s.turnTitle}>
          Choose Your Starting Resource
        </h1>
        <p className={muted}>
          {chosen
            ? "Waiting for the other players to choose..."
            : "Put one number card (A to 10) from your hand into your kingdom as a Ready resource."}
        </p>
        <Hand cards={v.myHand} selected={[]} enabledIds={new Set(byCard.keys())} onToggle={chosen ? undefined : (id) => { const a = byCard.get(id); if (a) onAct(a); }} />
        <ul style={{ listStyle: "none", padding: 0, display: "flex", gap: 8, justifyContent: "center", flexWrap: "wrap", marginTop: 16 }}>
          {v.players.map((p) => (
            <li key={p.number} className={p.startingResourceChosen ? badgeGold : badge}>
              {p.name ?? `Player ${p.number}`}: {p.startingResourceChosen ? "chosen" : "choosing..."}
            </li>
          ))}
        </ul>
      </section>
    </TableLayout>
  );
}

/** The table's scrolling part and, below it, the dock (action bar and hand): they never overlap. */
function TableLayout({ children, dock }: { children: ReactNode; dock?: ReactNode }) {
  return (
    <>
      <div className={s.scroll} data-testid="table-scroll">
        <div className={s.table}>{children}</div>
      </div>
      {dock && (
        <div className={s.dock} data-testid="table-dock">
          <div className={s.dockInner}>{dock}</div>
        </div>
      )}
    </>
  );
}

function actionBanner(v: GameView): string {
  const d = v.lastDrawAction;
  const mine = v.currentPlayerNumber === v.myPlayerNumber;
  if (v.pendingAction && !mine) return `${playerName(v, v.currentPlayerNumber)} is choosing a follow-up...`;
  if (d) {
    const who = d.playerNumber === v.myPlayerNumber ? "You" : playerName(v, d.playerNumber);
    if (d.source === "deck") return `${who} drew from the deck${d.drawnCard && d.playerNumber === v.myPlayerNumber ? ` (${cardName(d.drawnCard)})` : ""}.`;
    return `${who} took the revealed ${d.drawnCard ? cardName(d.drawnCard) : "card"}.`;
  }
  return "The hand begins.";
}

function Table({ v }: { v: GameView }) {
  const [sel, setSel] = useState<Selection>(EMPTY_SELECTION);
  const autoPicked = useRef(false);
  const { golden, bounceId } = useDrawAnimation(v);
  const legal = v.legalActions;
  const me = v.players.find((p) => p.number === v.myPlayerNumber);
  const myTurn = v.currentPlayerNumber === v.myPlayerNumber;
  const opponents = v.players.filter((p) => p.number !== v.myPlayerNumber);

  // Keep only what still exists: cards in hand, ready resources.
  const handIds = useMemo(() => new Set(v.myHand.map((c) => c.id)), [v.myHand]);
  const readyIds = useMemo(
    () => new Set((me?.kingdom?.resources ?? []).filter((r) => r.orientation === "ready").map((r) => r.card.id)),
    [me],
  );
  const selection: Selection = useMemo(
    () => ({ hand: sel.hand.filter((id) => handIds.has(id)), resources: sel.resources.filter((id) => readyIds.has(id)) }),
    [sel, handIds, readyIds],
  );
  const choices = useMemo(() => matchSelection(legal, selection), [legal, selection]);
  const draws = useMemo(() => new Map(ofType(legal, "drawCard").map((a) => [a.source as string, a])), [legal]);
  const follow = useMemo(() => followUps(legal), [legal]);
  const rewardOnly = follow.length > 0 && follow.every((a) => a.type === "drawRoyalReward");
  const canPlay = myTurn && (me?.hasDrawnThisTurn ?? false);

  const act = useCallback(
    async (a: ActionJson) => {
      const outcome = a.type === "mountHorse" ? mountOutcome(v.pendingAction?.context) : outcomeFor(a);
      const ack = await sendAction(a, outcome);
      if (ack.success && a.type !== "drawCard") {
        autoPicked.current = false;
        setSel(EMPTY_SELECTION);
      }
    },
    [v.pendingAction?.context],
  );

  // Stable handlers (they read the latest selection through a ref) let unchanged cards skip
  // re-rendering when a new game state arrives.
  const latest = useRef({ selection, legal });
  latest.current = { selection, legal };
  const toggleResource = useCallback((id: string) => {
    autoPicked.current = false;
    setSel((old) => ({ ...old, resources: old.resources.includes(id) ? old.resources.filter((x) => x !== id) : [...old.resources, id] }));
  }, []);
  // Choosing a royal or a combination picks a legal set of resources for the player (they can
  // change it); the set comes from the view's legal actions.
  const toggleHand = useCallback((id: string) => {
    const { selection: current, legal: actions } = latest.current;
    const hand = current.hand.includes(id) ? current.hand.filter((x) => x !== id) : [...current.hand, id];
    let resources = current.resources;
    if (resources.length === 0 || autoPicked.current) {
      const sets = resourceSetsFor(actions, hand);
      resources = sets[0] ?? [];
      autoPicked.current = sets.length > 0;
    }
    setSel({ hand, resources });
  }, []);

  const resources = me?.kingdom?.resources ?? [];
  const allUsed = resources.length > 0 && resources.every((r) => r.orientation === "used");
  const turnTitle = myTurn ? "Your Turn" : `${playerName(v, v.currentPlayerNumber)}'s Turn`;
  const step = myTurn
    ? me?.hasDrawnThisTurn
      ? "Play cards from your hand, or pass your turn."
      : draws.size
        ? "Draw a card: from the deck or one of the two revealed cards."
        : "No card can be drawn."
    : "Waiting for their move...";

  const dock = (
    <>
      {canPlay && (
        <>
          <ActionBar choices={choices} allResourcesUsed={allUsed} onAct={(a) => void act(a)} />
          {rewardOnly && (
            <div style={{ textAlign: "center", marginTop: 8 }}>
              <button type="button" className={button.primary} onClick={() => void act(follow[0])}>
                Draw Royal Reward
              </button>
            </div>
          )}
        </>
      )}
      <Hand cards={v.myHand} selected={selection.hand} onToggle={canPlay ? toggleHand : undefined} bounceId={bounceId} />
    </>
  );

  return (
    <TableLayout dock={dock}>
      <div className={s.turn} aria-live="polite">
        {v.gameMode === "match" && (
          <div className={badgeGold} data-testid="match-banner" style={{ marginBottom: 6 }}>
            Hand {v.currentHand} of {v.totalHands}
          </div>
        )}
        <h1 className={[s.turnTitle, myTurn && s.myTurn].filter(Boolean).join(" ")} data-testid="turn-header">
          {turnTitle}
        </h1>
        <p className={muted} style={{ margin: "2px 0 0" }}>
          {step}
        </p>
      </div>

      {opponents.length > 0 && <div className={s.opponents}>{opponents.map((p) => <Opponent key={p.number} p={p} v={v} />)}</div>}

      <div className={s.felt}>
        <DrawArea
          deckCount={v.deckCount}
          revealed={v.revealedCards}
          discardPile={v.discardPile}
          discardCount={v.discardCount}
          draws={draws}
          onDraw={(a) => void act(a)}
          goldenSource={golden}
        />
      </div>
      <div className={s.banner} role="status" data-testid="action-banner">
        {actionBanner(v)}
      </div>

      <section className={s.mine} aria-label="Your kingdom" data-testid="my-kingdom">
        <div style={{ display: "flex", alignItems: "center", gap: 8, marginBottom: 8, flexWrap: "wrap" }}>
          <strong>{me?.name ?? "You"}</strong>
          <span className={muted} style={{ fontSize: 13 }}>
            Player {v.myPlayerNumber}
          </span>
          {v.playerCount === 4 && v.myPlayerNumber != null && <span className={badge}>Team {teamOf(v.myPlayerNumber)}</span>}
          {typeof me?.score === "number" && <span className={badge}>{me.score === 1 ? "1 point" : `${me.score} points`}</span>}
        </div>
        {me?.kingdom && (
          <Kingdom
            kingdom={me.kingdom}
            owner="Your"
            selectedResources={selection.resources}
            onToggleResource={canPlay ? toggleResource : undefined}
          />
        )}
      </section>

      {follow.length > 0 && !rewardOnly && <FollowUpDialog view={v} actions={follow} onAct={(a) => void act(a)} />}
    </TableLayout>
  );
}

export default function Game() {
  useSignals();
  const v = view.value;
  const navigate = useNavigate();
  const [rules, setRules] = useState(false);
  const [options, setOptions] = useState(false);

  if (!v) {
    if (!hadView.value && !tutorialActive.value && !rejoining.value) return <Navigate to="/" replace />;
    return (
      <main style={{ padding: 24 }}>
        <p role="status">Loading game...</p>
      </main>
    );
  }
  if (v.phase === "waiting" && !v.isTutorial) return <Navigate to="/lobby" replace />;

  const leave = () => {
    leaveRoom();
    navigate("/");
  };
  const scoring = v.phase === "handComplete" || v.phase === "finished";

  return (
    <div className={s.page}>
      <Header v={v} onRules={() => setRules(true)} onSettings={() => setOptions(true)} onLeave={leave} />
      {scoring ? (
        <div className={s.main}>
          <div className={s.scroll}>
            <ScoreScreen view={v} onReady={() => void sendAction({ type: "readyForNextHand" })} onHome={leave} />
          </div>
        </div>
      ) : (
        <main className={s.main}>{v.phase === "choosing_resources" ? <ChooseResource v={v} onAct={(a) => void sendAction(a)} /> : <Table v={v} />}</main>
      )}
      <CrownAnimation />
      {rules && <RulesDialog onClose={() => setRules(false)} />}
      {options && <OptionsDialog onClose={() => setOptions(false)} />}
    </div>
  );
}
