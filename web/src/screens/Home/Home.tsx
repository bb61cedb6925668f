import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { GameDialog, type GameDialogTab } from "../../components/GameDialog/GameDialog";
import { OptionsDialog } from "../../components/OptionsDialog/OptionsDialog";
import { RulesDialog } from "../../components/RulesDialog/RulesDialog";
import { TutorialDialog, TUTORIAL_MODES, type TutorialMode } from "../../components/TutorialDialog/TutorialDialog";
import { Tooltip } from "../../components/Tooltip/Tooltip";
import { Icon } from "../../components/Icon/Icon";
import { loadUser } from "../../state/actions";
import { view } from "../../state/game";
import { displayName, user } from "../../state/session";
import { button, input } from "../../theme/ui.css";
import * as s from "./Home.css";

interface ModeProps {
  icon: string;
  name: string;
  text: string;
  onClick?: () => void;
  disabled?: boolean;
  testId?: string;
}

function ModeCard({ icon, name, text, onClick, disabled, testId }: ModeProps) {
  const card = (
    <button
      type="button"
      className={s.modeCard}
      aria-disabled={disabled ? "true" : undefined}
      onClick={disabled ? undefined : onClick}
      data-testid={testId}
    >
      <span className={s.modeIcon} aria-hidden="true">
        <Icon name={icon} size={30} />
      </span>
      <span className={s.modeName}>{name}</span>
      <span className={s.modeText}>{text}</span>
    </button>
  );
  return disabled ? (
    <Tooltip content="Log in to access">
      <div className={s.full}>{card}</div>
    </Tooltip>
  ) : (
    card
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={s.section} aria-label={title}>
      <h2 className={s.sectionTitle}>{title}</h2>
      <div className={s.grid}>{children}</div>
    </section>
  );
}

export function Home() {
  useSignals();
  const navigate = useNavigate();
  const [gameTab, setGameTab] = useState<GameDialogTab | null>(null);
  const [rulesAt, setRulesAt] = useState<string | null | undefined>(undefined);
  const [options, setOptions] = useState(false);
  const [tutorial, setTutorial] = useState(false);
  const [mode, setMode] = useState<TutorialMode>("basics");
  const u = user.value;
  // A game in play (or between hands) is offered, never forced: the player chose this page.
  const v = view.value;
  const seated = v && !v.isTutorial && (v.phase === "choosing_resources" || v.phase === "playing" || v.phase === "handComplete") ? v : null;

  useEffect(() => {
    void loadUser();
  }, []);

  const casual = <ModeCard key="casual" icon="cards" name="Casual" text="Play a game with friends or bots." onClick={() => setGameTab("browse")} testId="mode-casual" />;
  const tutorials = (
    <ModeCard key="tutorials" icon="cap" name="Tutorials" text={`Learn to play against a bot (${TUTORIAL_MODES.find((m) => m.value === mode)?.label}).`} onClick={() => setTutorial(true)} testId="mode-tutorial" />
  );
  const quest = <ModeCard key="quest" icon="map" name="Quest mode" text="A roguelike deck-building adventure in 3 acts." onClick={() => navigate("/spire")} />;
  const constructed = <ModeCard key="constructed" icon="wrench" name="Constructed" text="Build custom decks and play them." onClick={() => navigate("/constructed")} disabled={!u} />;
  const ranked = <ModeCard key="ranked" icon="trophy" name="Ranked" text="Climb the seasonal ladder." onClick={() => navigate("/ranked")} disabled={!u} />;
  const leaderboards = <ModeCard key="leaderboards" icon="scroll" name="Leaderboards" text="See the best players of the realm." onClick={() => navigate("/leaderboards")} disabled={!u} />;

  return (
    <main className={s.page}>
      <div className={s.topBar}>
        <span />
        {u ? (
          <div className={s.account}>
            <button type="button" className={button.secondary} onClick={() => navigate("/profile")} data-testid="profile-button">
              {displayName(u)}
            </button>
            <button type="button" className={button.ghost} onClick={() => window.location.assign("/api/logout")}>
              Log out
            </button>
          </div>
        ) : (
          <button type="button" className={button.secondary} onClick={() => window.location.assign("/api/login")}>
            Sign In
          </button>
        )}
      </div>
      {seated && (
        <section className={s.returnBar} aria-label="Your game" data-testid="return-to-game">
          <span>You have a game in progress (room {seated.roomCode}).</span>
          <button type="button" className={button.primary} onClick={() => navigate("/game")}>
            Return to your game
          </button>
        </section>
      )}
      <header className={s.hero}>
        <h1 className={s.title}>Kingdom</h1>
        <p className={s.tagline}>Build your Royal Family of Jack, Queen and King before your rivals do.</p>
      </header>

      {u ? (
        <>
          <Section title="Advanced Modes">{[quest, constructed]}</Section>
          <Section title="Classic Modes">{[casual, ranked]}</Section>
          <Section title="Learn & Compete">{[tutorials, leaderboards]}</Section>
        </>
      ) : (
        <>
          <Section title="Get Started">{[casual, tutorials]}</Section>
          <Section title="Advanced Modes">{[quest, constructed]}</Section>
          <Section title="Competitive">{[ranked, leaderboards]}</Section>
          <Section title="Game Features">
            <ModeCard icon="wheat" name="Resources" text="Number cards pay for royals and combinations." onClick={() => setRulesAt("resources")} />
            <ModeCard icon="crown" name="Royals" text="Jack, Queen, King and the Heroes who fill any gap." onClick={() => setRulesAt("royals")} />
            <ModeCard icon="dragon" name="Combinations" text="Horses, dragons, castles and cathedrals." onClick={() => setRulesAt("beasts")} />
          </Section>
        </>
      )}

      <div className={s.bottom}>
        <button type="button" className={button.primary} onClick={() => setGameTab("join")}>
          Join with Code
        </button>
        <button type="button" className={button.secondary} onClick={() => setRulesAt(null)}>
          How to Play
        </button>
        <button type="button" className={button.secondary} onClick={() => setOptions(true)}>
          Settings
        </button>
        <label className={s.modeLabel}>
          <span>Tutorial mode</span>
          <select className={input} value={mode} onChange={(e) => setMode(e.target.value as TutorialMode)} aria-label="Tutorial mode">
            {TUTORIAL_MODES.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
      </div>

      {gameTab && <GameDialog initialTab={gameTab} onClose={() => setGameTab(null)} />}
      {rulesAt !== undefined && <RulesDialog scrollTo={rulesAt ?? undefined} onClose={() => setRulesAt(undefined)} />}
      {options && <OptionsDialog onClose={() => setOptions(false)} />}
      {tutorial && <TutorialDialog mode={mode} onClose={() => setTutorial(false)} />}
    </main>
  );
}
