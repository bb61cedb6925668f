import { useSignals } from "@preact/signals-react/runtime";
import { lazy, Suspense, useEffect } from "react";
import { Route, Routes, useLocation, useNavigate } from "react-router";
import { ConnectionBanner } from "./components/ConnectionBanner/ConnectionBanner";
import { Toasts } from "./components/Toasts/Toasts";
import { Home } from "./screens/Home/Home";
import { NotFound } from "./screens/NotFound/NotFound";
import { sendAction } from "./state/actions";
import { client, hadView, tutorialActive, view } from "./state/game";

const Lobby = lazy(() => import("./screens/Lobby/Lobby"));
const Game = lazy(() => import("./screens/Game/Game"));

/** The spec's automatic navigation between /, /lobby and /game (section 2). */
export function AutoNavigate() {
  useSignals();
  const v = view.value;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const phase = v?.phase;
  const isTutorial = v?.isTutorial ?? false;
  useEffect(() => {
    if (!v) {
      if (pathname === "/game" && !hadView.value && !tutorialActive.value) navigate("/", { replace: true });
      return;
    }
    if (phase === "waiting" && !isTutorial) {
      if (pathname !== "/lobby") navigate("/lobby");
      return;
    }
    const playing = isTutorial ? phase === "playing" : phase === "choosing_resources" || phase === "playing";
    if (playing && (pathname === "/lobby" || pathname === "/")) navigate("/game");
  }, [v, phase, isTutorial, pathname, navigate]);
  return null;
}

export function App() {
  useEffect(() => {
    // A tiny hook for the browser tests and for people debugging from the console.
    (window as unknown as Record<string, unknown>).__kingdom = { client, view, sendAction };
  }, []);
  return (
    <>
      <AutoNavigate />
      <ConnectionBanner />
      <Suspense fallback={<p style={{ padding: 24 }}>Loading...</p>}>
        <Routes>
          <Route path="/" element={<Home />} />
          <Route path="/lobby" element={<Lobby />} />
          <Route path="/game" element={<Game />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
      <Toasts />
    </>
  );
}
