import { useSignals } from "@preact/signals-react/runtime";
import { useCallback, useMemo, useRef, useState } from "react";
import { actionBanner } from "../../logic/banner";
import { EMPTY_SELECTION, followUps, hailWithoutTarget, matchSelection, ofType, resourceSetsFor, type Selection } from "../../logic/legal";
import type { ActionJson, GameView } from "../../net/types";
import { aimAt } from "../../logic/aim";
import { teamTotals } from "../../logic/score";
import type { Move } from "../../logic/moves";
import { mountOutcome, outcomeFor, sendAction } from "../../state/actions";
import { moveLog } from "../../state/moves";
import { button } from "../../theme/ui.css";
import { ActionBar } from "../ActionBar/ActionBar";
import { Dialog } from "../Dialog/Dialog";
import { DrawArea } from "../DrawArea/DrawArea";
import { AimBar } from "../AimBar/AimBar";
import { Hand } from "../Hand/Hand";
import { MySeat, Seat, seatPosition, type PanelSlots } from "../Seat/Seat";
import { MoveLog, MoveLogToggle } from "../MoveLog/MoveLog";
import { TurnHeader } from "../TurnHeader/TurnHeader";
import * as s from "./Table.css";
import { useDrawAnimation } from "./useDrawAnimation";
import { useTravel } from "./useTravel";

/** The selection of hand cards and ready resources, kept to what still exists in the view. */
function useSelection(v: GameView) {
  const [sel, setSel] = useState<Selection>(EMPTY_SELECTION);
  const autoPicked = useRef(false);
  const me = v.players.find((p) => p.number === v.myPlayerNumber);
  const handIds = useMemo(() => new Set(v.myHand.map((c) => c.id)), [v.myHand]);
  const readyIds = useMemo(
    () => new Set((me?.kingdom?.resources ?? []).filter((r) => r.orientation === "ready").map((r) => r.card.id)),
    [me],
  );
  const selection: Selection = useMemo(
    () => ({ hand: sel.hand.filter((id) => handIds.has(id)), resources: sel.resources.filter((id) => readyIds.has(id)) }),
    [sel, handIds, readyIds],
  );
  // Stable handlers (they read the latest selection through a ref) let unchanged cards skip
  // re-rendering when a new game state arrives.
  const latest = useRef({ selection, legal: v.legalActions });
  latest.current = { selection, legal: v.legalActions };
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
  const clear = useCallback(() => {
    autoPicked.current = false;
    setSel(EMPTY_SELECTION);
  }, []);
  return { selection, toggleHand, toggleResource, clear };
}

export interface TableProps {
  view: GameView;
  /** The move log's lines, newest first; by default the live table's (state/moves.ts). */
  log?: readonly (Move & { id: number })[];
  /** What other parts add to a seat's panel (a turn clock, a chat bubble), by player number. */
  slots?: (playerNumber: number) => PanelSlots | undefined;
}

/**
 * Where the keyboard goes after a move: a draw or a play to the first card of the hand that
 * can be chosen (else Pass Turn); a pass to the turn's heading, which names whose turn it is;
 * a follow-up is focused by its bar. Only when the move's control had the focus is it moved
 * (a mouse player's page is left as it is), once the new state is laid out.
 */
function focusAfter(root: HTMLElement | null, type: string): void {
  if (!root) return;
  const had = document.activeElement;
  if (had && had !== document.body && !root.contains(had)) return;
  requestAnimationFrame(() => {
    if (document.activeElement && document.activeElement !== document.body && document.activeElement !== had) return;
    const q = (sel: string) => root.querySelector<HTMLElement>(sel);
    const target =
      type === "passTurn"
        ? q("[data-testid=turn-header]")
        : (q("[data-testid=follow-up-option]") ?? q("[data-testid=hand-card]:not([disabled])") ?? q("[data-testid=btn-pass]:not([disabled])"));
    target?.focus({ preventScroll: true });
  });
}

/** Team totals during play at 4 players, from the seats' points in the view. */
function TeamTotals({ view: v }: { view: GameView }) {
  if (!v.players.some((p) => p.team != null)) return null;
  const scores = Object.fromEntries(v.players.map((p) => [String(p.number), p.score ?? 0]));
  return (
    <p className={s.teams} data-testid="team-totals-live">
      {teamTotals(v, scores)
        .map(([team, total]) => `Team ${team}: ${total}`)
        .join(" · ")}
    </p>
  );
}

/**
 * The fixed table while a hand is played: the opponents' seats, the felt, your kingdom and the
 * dock, with the move log beside them; nothing scrolls. It renders from a view alone (a live
 * table's or a replay's); without legal actions in the view nothing can be played.
 */
export function Table({ view: v, log, slots }: TableProps) {
  useSignals();
  const root = useRef<HTMLDivElement>(null);
  const { golden } = useDrawAnimation(v);
  useTravel(root, v);
  const { selection, toggleHand, toggleResource, clear } = useSelection(v);
  const [logOpen, setLogOpen] = useState(false);
  const lines = log ?? moveLog.value;
  const legal = v.legalActions;
  const me = v.players.find((p) => p.number === v.myPlayerNumber);
  const myTurn = v.currentPlayerNumber === v.myPlayerNumber;
  const opponents = v.players.filter((p) => p.number !== v.myPlayerNumber);
  const choices = useMemo(() => matchSelection(legal, selection), [legal, selection]);
  const draws = useMemo(() => new Map(ofType(legal, "drawCard").map((a) => [a.source as string, a])), [legal]);
  const follow = useMemo(() => followUps(legal), [legal]);
  const rewardOnly = follow.length > 0 && follow.every((a) => a.type === "drawRoyalReward");
  const canPlay = !v.watching && myTurn && v.phase === "playing" && (me?.hasDrawnThisTurn ?? false);
  // Aiming: the follow-up's targets glow on the table; a click on one chooses it.
  const aim = useMemo(() => (follow.length > 0 && !rewardOnly ? aimAt(v, follow) : null), [v, follow, rewardOnly]);
  const [narrowTo, setNarrowTo] = useState<string | null>(null);
  const narrowed = aim && narrowTo ? (aim.targets.get(narrowTo) ?? null) : null;
  // Constructed: each seat draws from its own pile and its own revealed pair (read per seat).
  const own = v.setupType === "constructed";

  const act = useCallback(
    async (a: ActionJson) => {
      const outcome = a.type === "mountHorse" ? mountOutcome(v.pendingAction?.context) : outcomeFor(a);
      const ack = await sendAction(a, outcome);
      if (ack.success && a.type !== "drawCard") clear();
      if (ack.success) focusAfter(root.current, a.type);
    },
    [v.pendingAction?.context, clear],
  );

  const onTarget = useCallback(
    (cardId: string) => {
      const options = aim?.targets.get(cardId) ?? [];
      if (options.length === 1) void act(options[0].action);
      else if (options.length > 1) setNarrowTo(cardId);
    },
    [aim, act],
  );
  const targets = aim?.targets;

  // A Hail of Arrows that would hit nothing (the view lists them) is said so before it is sent.
  const [pointless, setPointless] = useState<ActionJson | null>(null);
  const wasted = hailWithoutTarget(v, choices.playHailOfArrows);
  const onPlay = useCallback((a: ActionJson) => (hailWithoutTarget(v, a) ? setPointless(a) : void act(a)), [v, act]);

  const resources = me?.kingdom?.resources ?? [];
  const allUsed = resources.length > 0 && resources.every((r) => r.orientation === "used");

  return (
    <div ref={root} className={s.root}>
      <div className={s.board}>
        <div className={s.upper} data-testid="table-scroll">
          <div className={s.seats} data-testid="seats" data-players={v.players.length}>
            {opponents.map((p) => (
              <Seat
                key={p.number}
                player={p}
                view={v}
                position={seatPosition(v.myPlayerNumber, p.number, v.players.length)}
                slots={slots?.(p.number)}
                targets={targets}
                onTarget={targets ? onTarget : undefined}
              />
            ))}
          </div>
          <div className={s.center}>
            <div className={s.turnBox}>
              <TurnHeader view={v} canDraw={draws.size > 0} />
              <TeamTotals view={v} />
            </div>
            <div className={s.felt}>
              <DrawArea
                deckCount={own ? (me?.pileCount ?? 0) : v.deckCount}
                own={own}
                revealed={own ? (me?.revealedCards ?? []) : v.revealedCards}
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
            <MoveLogToggle open={logOpen} onToggle={() => setLogOpen((o) => !o)} count={lines.length} />
          </div>
          <MySeat
            view={v}
            selectedResources={selection.resources}
            onToggleResource={canPlay && !aim ? toggleResource : undefined}
            slots={me ? slots?.(me.number) : undefined}
            targets={targets}
            onTarget={targets ? onTarget : undefined}
          />
        </div>
        <div className={s.dock} data-testid="table-dock">
          {aim && (
            <AimBar
              view={v}
              aim={aim}
              narrowed={narrowed}
              onAct={(a) => {
                setNarrowTo(null);
                void act(a);
              }}
            />
          )}
          {canPlay && !aim && (
            <>
              <ActionBar choices={choices} allResourcesUsed={allUsed} onAct={onPlay} />
              {wasted && (
                <p className={s.warning} role="status" data-testid="hail-no-target">
                  No target: this Hail of Arrows would only throw your Ace and 10 away.
                </p>
              )}
              {rewardOnly && (
                <div className={s.reward}>
                  <button type="button" className={button.primary} onClick={() => void act(follow[0])}>
                    Draw Royal Reward
                  </button>
                </div>
              )}
            </>
          )}
          {/* A spectator has no hand: no empty hand row (a replay may show a revealed one). */}
          {!(v.watching && v.myHand.length === 0) && <Hand cards={v.myHand} selected={selection.hand} onToggle={canPlay ? toggleHand : undefined} />}
        </div>
      </div>
      <MoveLog lines={lines} open={logOpen} onClose={() => setLogOpen(false)} />
      {pointless && (
        <Dialog title="Nothing to Shoot" onClose={() => setPointless(null)} testId="hail-no-target-dialog">
          <p>No opponent has anything this Hail of Arrows can destroy. Played now, your Ace and 10 only go to the discard pile.</p>
          <div className={s.confirmRow}>
            <button type="button" className={button.secondary} onClick={() => setPointless(null)} data-autofocus>
              Keep them
            </button>
            <button
              type="button"
              className={button.danger}
              onClick={() => {
                const a = pointless;
                setPointless(null);
                void act(a);
              }}
              data-testid="confirm-hail"
            >
              Throw them away
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
