import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useReducer, useRef, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { ChooseResource } from "../../components/ChooseResource/ChooseResource";
import { Dialog } from "../../components/Dialog/Dialog";
import { CROWN_FADE_MS, CROWN_SHOW_MS, CrownAnimation } from "../../components/CrownAnimation/CrownAnimation";
import { ChatBubble, ChatFeed } from "../../components/QuickChat/QuickChat";
import { OptionsDialog } from "../../components/OptionsDialog/OptionsDialog";
import { RulesDialog } from "../../components/RulesDialog/RulesDialog";
import { ScoreScreen } from "../../components/ScoreScreen/ScoreScreen";
import { SpireContext } from "../../components/SpireContext/SpireContext";
import { Table } from "../../components/Table/Table";
import { watchedView } from "../../logic/spectate";
import { TableHeader } from "../../components/TableHeader/TableHeader";
import type { GameView } from "../../net/types";
import { sendAction, spireFightRun } from "../../state/actions";
import { crown, hadView, leaveRoom, presentation, queued, rejoining, tutorialActive, view } from "../../state/game";
import { listenForSkip } from "../../state/pacing";
import { dismissToast } from "../../state/toasts";
import { button } from "../../theme/ui.css";
import * as s from "./Game.css";

export { DRAW_ANIMATION_MS, DRAW_GOLDEN_MS, drawKey } from "../../components/Table/useDrawAnimation";

/** How long the table stays up after a Royal Family ends the hand: the crown, then its fade. */
export const END_OF_HAND_MS = CROWN_SHOW_MS + CROWN_FADE_MS;

function ended(v: GameView): boolean {
  return v.phase === "handComplete" || v.phase === "finished";
}

/**
 * The end of a hand, in order: the winning play stays on the table while the crown shows
 * ('Royal Family Complete!', 3 s and a 0.3 s fade), and only then the score screen. A hand
 * seen ending from the table is held; one already over when the page opened is not.
 */
function useScoreScreenShown(v: GameView | null): boolean {
  const [, rerender] = useReducer((x: number) => x + 1, 0);
  const lastPhase = useRef<string | null>(null);
  const decided = useRef<string | null>(null);
  const heldUntil = useRef(0);
  const over = !!v && ended(v);
  const key = v && over ? `${v.roomCode}:${v.currentHand}:${v.handHistory.length}` : null;
  if (v && key && decided.current !== key) {
    decided.current = key;
    const reason = v.handHistory[v.handHistory.length - 1]?.reason ?? v.outcome?.reason;
    if (lastPhase.current === "playing" && reason === "family") heldUntil.current = Date.now() + END_OF_HAND_MS;
  }
  if (v) lastPhase.current = v.phase;
  const wait = heldUntil.current - Date.now();
  useEffect(() => {
    if (!over || wait <= 0) return;
    const t = setTimeout(rerender, wait);
    return () => clearTimeout(t);
  }, [over, wait]);
  // The crown ends the wait: the score screen comes once it has faded, never under it.
  return over && wait <= 0 && !crown.value;
}

/** Each seat's panel shows the quick chat phrase its player said last. */
const chatSlots = (playerNumber: number) => ({ bubble: <ChatBubble playerNumber={playerNumber} /> });

export default function Game() {
  useSignals();
  const v = view.value;
  const navigate = useNavigate();
  const [rules, setRules] = useState(false);
  const [options, setOptions] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const scoring = useScoreScreenShown(v);
  // The score screen comes alone: a toast of the hand just played (a skipped draw, a refused
  // move) is not left over it.
  useEffect(() => {
    if (scoring) dismissToast();
  }, [scoring]);
  // Other players' moves are shown one at a time; a click or a key shows the newest at once.
  useEffect(() => listenForSkip(presentation), []);

  if (!v) {
    if (!hadView.value && !tutorialActive.value && !rejoining.value) return <Navigate to="/" replace />;
    return (
      <main className={s.loading}>
        <p role="status">Loading game...</p>
      </main>
    );
  }
  if (v.phase === "waiting" && !v.isTutorial) return <Navigate to="/lobby" replace />;

  // A Spire fight: 'Leave game' goes back to the run's map (which leaves the table as it opens),
  // where 'Fight' resumes the same game.
  const spireRun = v.setupType === "spire" ? spireFightRun() : null;
  const leave = () => {
    if (spireRun) return navigate(`/spire/map/${spireRun}`);
    leaveRoom();
    navigate("/");
  };

  return (
    <div className={[s.page, !scoring && v.phase === "playing" && s.fixed].filter(Boolean).join(" ")} data-testid="game-page" data-queued={queued.value}>
      <TableHeader view={v} onRules={() => setRules(true)} onSettings={() => setOptions(true)} onLeave={() => (ended(v) || spireRun ? leave() : setLeaving(true))} />
      {spireRun && <SpireContext runId={spireRun} view={v} />}
      {scoring ? (
        <div className={s.main}>
          <div className={s.scroll}>
            <ScoreScreen view={v} onReady={() => void sendAction({ type: "readyForNextHand" })} onHome={leave} />
            <ChatFeed />
          </div>
        </div>
      ) : (
        <main className={[s.main, v.phase === "playing" && s.fixedMain].filter(Boolean).join(" ")}>
          {v.phase === "choosing_resources" && !v.isSpectator ? <ChooseResource view={v} onAct={(a) => void sendAction(a)} /> : <Table view={watchedView(v)} slots={chatSlots} />}
        </main>
      )}
      <CrownAnimation />
      {rules && <RulesDialog onClose={() => setRules(false)} />}
      {options && <OptionsDialog onClose={() => setOptions(false)} />}
      {leaving && (
        <Dialog title="Leave the game?" onClose={() => setLeaving(false)} testId="leave-dialog">
          <p>{v.isTutorial ? "The lesson ends here." : "A bot takes your seat and plays it to the end: you cannot come back to this game."}</p>
          <div className={s.leaveRow}>
            <button type="button" className={button.secondary} onClick={() => setLeaving(false)} data-autofocus>
              Stay
            </button>
            <button type="button" className={button.danger} onClick={leave} data-testid="confirm-leave">
              Leave game
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
