import { useCallback, useMemo, useRef, useState } from "react";
import { actionBanner } from "../../logic/banner";
import { EMPTY_SELECTION, followUps, matchSelection, ofType, resourceSetsFor, type Selection } from "../../logic/legal";
import type { ActionJson, GameView } from "../../net/types";
import { mountOutcome, outcomeFor, sendAction } from "../../state/actions";
import { button } from "../../theme/ui.css";
import { ActionBar } from "../ActionBar/ActionBar";
import { DrawArea } from "../DrawArea/DrawArea";
import { FollowUpDialog } from "../FollowUpDialog/FollowUpDialog";
import { Hand } from "../Hand/Hand";
import { MySeat, Seat, seatPosition } from "../Seat/Seat";
import { TableLayout } from "../TableLayout/TableLayout";
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

/** The table while a hand is played: seats around the felt, my kingdom, and the dock. */
export function Table({ view: v }: { view: GameView }) {
  const root = useRef<HTMLDivElement>(null);
  const { golden } = useDrawAnimation(v);
  useTravel(root, v);
  const { selection, toggleHand, toggleResource, clear } = useSelection(v);
  const legal = v.legalActions;
  const me = v.players.find((p) => p.number === v.myPlayerNumber);
  const myTurn = v.currentPlayerNumber === v.myPlayerNumber;
  const opponents = v.players.filter((p) => p.number !== v.myPlayerNumber);
  const choices = useMemo(() => matchSelection(legal, selection), [legal, selection]);
  const draws = useMemo(() => new Map(ofType(legal, "drawCard").map((a) => [a.source as string, a])), [legal]);
  const follow = useMemo(() => followUps(legal), [legal]);
  const rewardOnly = follow.length > 0 && follow.every((a) => a.type === "drawRoyalReward");
  const canPlay = !v.watching && myTurn && v.phase === "playing" && (me?.hasDrawnThisTurn ?? false);

  const act = useCallback(
    async (a: ActionJson) => {
      const outcome = a.type === "mountHorse" ? mountOutcome(v.pendingAction?.context) : outcomeFor(a);
      const ack = await sendAction(a, outcome);
      if (ack.success && a.type !== "drawCard") clear();
    },
    [v.pendingAction?.context, clear],
  );

  const resources = me?.kingdom?.resources ?? [];
  const allUsed = resources.length > 0 && resources.every((r) => r.orientation === "used");
  const count = Math.min(4, Math.max(2, v.players.length)) as 2 | 3 | 4;

  const dock = (
    <>
      {canPlay && (
        <>
          <ActionBar choices={choices} allResourcesUsed={allUsed} onAct={(a) => void act(a)} />
          {rewardOnly && (
            <div className={s.reward}>
              <button type="button" className={button.primary} onClick={() => void act(follow[0])}>
                Draw Royal Reward
              </button>
            </div>
          )}
        </>
      )}
      {!(v.watching && v.myHand.length === 0) && <Hand cards={v.myHand} selected={selection.hand} onToggle={canPlay ? toggleHand : undefined} />}
    </>
  );

  return (
    <div ref={root} className={s.travelRoot}>
      <TableLayout dock={dock}>
        <TurnHeader view={v} canDraw={draws.size > 0} />
        <div className={s.ring[count]} data-testid="seats" data-players={v.players.length}>
          {opponents.map((p) => (
            <Seat key={p.number} player={p} view={v} position={seatPosition(v.myPlayerNumber, p.number, v.players.length)} />
          ))}
          <div className={s.center}>
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
          </div>
        </div>
        <MySeat view={v} selectedResources={selection.resources} onToggleResource={canPlay ? toggleResource : undefined} />
        {follow.length > 0 && !rewardOnly && <FollowUpDialog view={v} actions={follow} onAct={(a) => void act(a)} />}
      </TableLayout>
    </div>
  );
}
