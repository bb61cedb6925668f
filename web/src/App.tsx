import { useSignals } from "@preact/signals-react/runtime";
import { lazy, Suspense, useEffect, useRef, type ReactNode } from "react";
import { DeckStyleContext } from "./components/Card/Card";
import { deckStyle } from "./state/settings";
import { Route, Routes, useLocation, useNavigate } from "react-router";
import { ConnectionBanner } from "./components/ConnectionBanner/ConnectionBanner";
import { Toasts } from "./components/Toasts/Toasts";
import { Home } from "./screens/Home/Home";
import { NotFound } from "./screens/NotFound/NotFound";
import { forgetSpireFight, sendAction, spireFightRun } from "./state/actions";
import { client, hadView, rejoining, tutorialActive, view } from "./state/game";
import { button } from "./theme/ui.css";
import { returnBar } from "./theme/spireReturn.css";
import { TutorialOverlay } from "./tutorial/TutorialOverlay";
import { TutorialProvider } from "./tutorial/TutorialProvider";
import { loadingLine } from "./theme/ui.css";

const loadLobby = () => import("./screens/Lobby/Lobby");
const loadGame = () => import("./screens/Game/Game");
const Profile = lazy(() => import("./screens/Profile/Profile"));
const Lobby = lazy(loadLobby);
const SpireHub = lazy(() => import("./screens/Spire/Hub"));
const SpireDeckSelection = lazy(() => import("./screens/Spire/DeckSelection"));
const SpireMap = lazy(() => import("./screens/Spire/Map"));
const SpireDeckGallery = lazy(() => import("./screens/Spire/DeckGallery"));
const Game = lazy(loadGame);
const ConstructedHub = lazy(() => import("./screens/Constructed/ConstructedHub"));
const Collection = lazy(() => import("./screens/Constructed/Collection"));
const ConstructedLobby = lazy(() => import("./screens/Constructed/ConstructedLobby"));
const ConstructedLadder = lazy(() => import("./screens/Constructed/ConstructedLadder"));
const Ranked = lazy(() => import("./screens/Ranked/Ranked"));
const Leaderboards = lazy(() => import("./screens/Leaderboards/Leaderboards"));
const RulesEditor = lazy(() => import("./screens/RulesEditor/RulesEditor"));
const Gallery = lazy(() => import("./screens/Gallery/Gallery"));
const Replay = lazy(() => import("./screens/Replay/Replay"));
const PublicProfile = lazy(() => import("./screens/PublicProfile/PublicProfile"));

const LADDER_PAGES = new Set(["/ranked", "/constructed/ladder"]);

/** The automatic navigation between /, /lobby and /game. */
export function AutoNavigate() {
  useSignals();
  const v = view.value;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const phase = v?.phase;
  const isTutorial = v?.isTutorial ?? false;
  const rejoin = rejoining.value;
  // The home page is the player's own choice: a game in play does not pull them off it (Home
  // offers 'Return to your game'); a game that starts now, or a lesson, still takes them there.
  const lastPhase = useRef<string | undefined>(undefined);
  const startedNow = lastPhase.current === "waiting" && phase !== "waiting";
  useEffect(() => {
    lastPhase.current = phase;
  }, [phase]);
  useEffect(() => {
    if (!v) {
      if (pathname === "/game" && !hadView.value && !tutorialActive.value && !rejoining.value) navigate("/", { replace: true });
      return;
    }
    // A ladder's page opened while seated stays open: it says so, with the way back to the
    // game (components/Ladder/LadderPanels.tsx, SeatedNotice); a match found there goes to /game.
    if (LADDER_PAGES.has(pathname)) return;
    if (phase === "waiting" && !isTutorial) {
      if (pathname !== "/lobby") navigate("/lobby");
      return;
    }
    const playing = isTutorial ? phase === "playing" : phase === "choosing_resources" || phase === "playing";
    if (playing && (pathname === "/lobby" || (pathname === "/" && (startedNow || isTutorial)))) navigate("/game");
  }, [v, phase, isTutorial, pathname, navigate, rejoin, startedNow]);
  return null;
}

/** A Spire fight's hand is over: back to the run's map (the result is already applied). */
function SpireReturn() {
  useSignals();
  const v = view.value;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const runId = spireFightRun();
  if (!runId || pathname !== "/game" || !v || (v.phase !== "finished" && v.phase !== "handComplete")) return null;
  const back = () => {
    forgetSpireFight();
    // The map leaves the table once it has replaced it (the table sends a room-less page home).
    navigate(`/spire/map/${runId}`);
  };
  return (
    <div className={returnBar}>
      <button className={button.primary} onClick={back}>Return to the Map</button>
    </div>
  );
}

/** Hands the deckStyle setting to every card without each card subscribing to it. */
function DeckStyleProvider({ children }: { children: ReactNode }) {
  useSignals();
  return <DeckStyleContext.Provider value={deckStyle.value}>{children}</DeckStyleContext.Provider>;
}

export function App() {
  useEffect(() => {
    // A tiny hook for the browser tests and for people debugging from the console.
    (window as unknown as Record<string, unknown>).__kingdom = { client, view, sendAction };
    // Fetch the other screens once the first one is up, so that a pushed game state never waits
    // for (or pays for) loading a chunk.
    const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200));
    idle(() => void loadLobby().then(loadGame));
  }, []);
  return (
    <DeckStyleProvider>
      <TutorialProvider>
        <AutoNavigate />
        <ConnectionBanner />
        <Suspense fallback={<p className={loadingLine}>Loading...</p>}>
          <Routes>
            <Route path="/" element={<Home />} />
            <Route path="/lobby" element={<Lobby />} />
            <Route path="/game" element={<Game />} />
            <Route path="/spire" element={<SpireHub />} />
            <Route path="/spire/deck-selection/:runId" element={<SpireDeckSelection />} />
            <Route path="/spire/map/:runId" element={<SpireMap />} />
            <Route path="/spiredeck" element={<SpireDeckGallery />} />
            <Route path="/constructed" element={<ConstructedHub />} />
            <Route path="/constructed/collection" element={<Collection />} />
            <Route path="/constructed/lobby" element={<ConstructedLobby />} />
            <Route path="/constructed/ladder" element={<ConstructedLadder />} />
            <Route path="/profile" element={<Profile />} />
            <Route path="/ranked" element={<Ranked />} />
            <Route path="/leaderboards" element={<Leaderboards />} />
            <Route path="/admin/rules-editor" element={<RulesEditor />} />
            <Route path="/replay/:matchId" element={<Replay />} />
            <Route path="/u/:username" element={<PublicProfile />} />
            <Route path="/cards" element={<Gallery />} />
            <Route path="/smallcards" element={<Gallery />} />
            <Route path="/newcards" element={<Gallery />} />
            <Route path="/smallnewcards" element={<Gallery />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
        <SpireReturn />
        <TutorialOverlay />
        <Toasts />
      </TutorialProvider>
    </DeckStyleProvider>
  );
}
