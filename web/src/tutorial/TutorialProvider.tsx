/**
 * The tutorial's state: which lesson, which step, the Next lock, and the server's
 * advanceTutorialStep pushes. `useTutorial()` reads it (and throws outside the provider).
 */
import { useSignals } from "@preact/signals-react/runtime";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { onTutorialStep, resumeTutorialBot } from "../state/actions";
import { tutorialActive, view } from "../state/game";
import { tutorialCompleted } from "../state/settings";
import { isTutorialMode, needsNewGame, nextIndex, STEPS, type TutorialMode, type TutorialStep } from "./steps";

/** Next is locked this long after each click. */
export const NEXT_LOCK_MS = 1000;

export interface TutorialContextValue {
  /** The overlay shows: a tutorial game in its playing phase, the tutorial not skipped or done. */
  active: boolean;
  mode: TutorialMode;
  steps: TutorialStep[];
  index: number;
  step: TutorialStep | null;
  nextLocked: boolean;
  /** Server signals and steps named by advanceTutorialStep so far in this game. */
  signals: ReadonlySet<string>;
  /** A mode switch that needs another deal: the welcome modal prepares a new tutorial game. */
  restartMode: TutorialMode | null;
  next: () => void;
  skip: () => void;
  jump: (stepId: string) => void;
  setMode: (mode: TutorialMode) => void;
  clearRestart: () => void;
}

const TutorialContext = createContext<TutorialContextValue | null>(null);

export function useTutorial(): TutorialContextValue {
  const ctx = useContext(TutorialContext);
  if (!ctx) throw new Error("useTutorial must be used within a TutorialProvider");
  return ctx;
}

/** The bot never waits again (after Skip or Finish): the game goes on as a normal game. */
function releaseBot(): void {
  void resumeTutorialBot(true);
}

export function TutorialProvider({ children }: { children: ReactNode }) {
  useSignals();
  const v = view.value;
  const serverMode = (v as { tutorialMode?: unknown } | null)?.tutorialMode;
  const roomCode = v?.isTutorial ? v.roomCode : null;
  const [mode, setModeState] = useState<TutorialMode>("basics");
  const [index, setIndex] = useState(0);
  const [nextLocked, setNextLocked] = useState(false);
  const [restartMode, setRestartMode] = useState<TutorialMode | null>(null);
  const done = useRef(new Set<string>());
  const [signals, setSignals] = useState<ReadonlySet<string>>(new Set());
  const lockTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const steps = STEPS[mode];
  const latest = useRef({ steps, index });
  latest.current = { steps, index };

  // A new tutorial game: its own lesson from the first step.
  useEffect(() => {
    if (!roomCode) return;
    done.current = new Set();
    setSignals(new Set());
    setIndex(0);
    if (isTutorialMode(serverMode)) setModeState(serverMode);
    // serverMode is read once per room on purpose: the dropdown may show another lesson.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [roomCode]);

  // The server names a step when its action happened: advance if it is the current step,
  // else remember it so that the step is skipped when the lesson gets there.
  useEffect(
    () =>
      onTutorialStep((stepId) => {
        if (typeof stepId !== "string") return;
        done.current.add(stepId);
        setSignals(new Set(done.current));
        const { steps: list, index: i } = latest.current;
        if (list[i]?.id === stepId) setIndex(nextIndex(list, i, done.current));
      }),
    [],
  );

  // A tutorial game without the lesson (skipped, finished, completed before, or a reloaded
  // page): the bot must never wait for steps nobody will show.
  const inactive = !!roomCode && v?.phase === "playing" && !tutorialActive.value;
  const released = useRef<string | null>(null);
  useEffect(() => {
    if (inactive && roomCode && released.current !== roomCode) {
      released.current = roomCode;
      releaseBot();
    }
  }, [inactive, roomCode]);

  // A watching step ends when the turn is the learner's again, push or no push.
  const myTurn = v?.phase === "playing" && v.currentPlayerNumber != null && v.currentPlayerNumber === v.myPlayerNumber;
  useEffect(() => {
    const { steps: list, index: i } = latest.current;
    const step = list[i];
    if (myTurn && step?.watch) {
      done.current.add(step.id);
      setIndex(nextIndex(list, i, done.current));
    }
  }, [myTurn, index, mode]);

  // A step the client ends itself: the shown view says its move was made.
  useEffect(() => {
    const { steps: list, index: i } = latest.current;
    const step = list[i];
    if (v && step?.until?.(v)) {
      done.current.add(step.id);
      setIndex(nextIndex(list, i, done.current));
    }
  }, [v, index, mode]);

  useEffect(() => () => void (lockTimer.current && clearTimeout(lockTimer.current)), []);

  const finish = useCallback(() => {
    tutorialCompleted.value = true;
    tutorialActive.value = false;
    releaseBot();
  }, []);

  const next = useCallback(() => {
    if (nextLocked) return;
    const { steps: list, index: i } = latest.current;
    const step = list[i];
    if (!step) return;
    setNextLocked(true);
    lockTimer.current = setTimeout(() => setNextLocked(false), NEXT_LOCK_MS);
    if (step.last || i >= list.length - 1) {
      finish();
      return;
    }
    if (step.resumesBot) void resumeTutorialBot();
    setIndex(nextIndex(list, i, done.current));
  }, [nextLocked, finish]);

  const skip = useCallback(() => {
    tutorialActive.value = false;
    releaseBot();
  }, []);

  const jump = useCallback((stepId: string) => {
    const i = latest.current.steps.findIndex((s) => s.id === stepId);
    if (i >= 0) setIndex(i);
  }, []);

  const setMode = useCallback(
    (m: TutorialMode) => {
      const current = isTutorialMode(serverMode) ? serverMode : mode;
      if (needsNewGame(current, m)) {
        setRestartMode(m);
        return;
      }
      // Another lesson over the same deal: only basics pauses the bot, so free it elsewhere.
      if (m !== "basics") releaseBot();
      setModeState(m);
      setIndex(0);
    },
    [serverMode, mode],
  );

  const clearRestart = useCallback(() => setRestartMode(null), []);

  const active = tutorialActive.value && !!v?.isTutorial && v.phase === "playing";
  const value = useMemo<TutorialContextValue>(
    () => ({
      active,
      mode,
      steps,
      index,
      step: steps[index] ?? null,
      nextLocked,
      signals,
      restartMode,
      next,
      skip,
      jump,
      setMode,
      clearRestart,
    }),
    [active, mode, steps, index, nextLocked, signals, restartMode, next, skip, jump, setMode, clearRestart],
  );
  return <TutorialContext.Provider value={value}>{children}</TutorialContext.Provider>;
}
