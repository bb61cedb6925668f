import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { prepareTutorial, startTutorialGame } from "../../state/actions";
import { leaveRoom, tutorialActive } from "../../state/game";
import { tutorialCompleted } from "../../state/settings";
import { button } from "../../theme/ui.css";
import { Dialog } from "../Dialog/Dialog";

import type { TutorialMode } from "../../tutorial/steps";
import * as s from "./TutorialDialog.css";

export { TUTORIAL_MODES, type TutorialMode } from "../../tutorial/steps";

/**
 * 'Welcome to the Tutorial!': creates a tutorial room of the chosen mode with its bot while
 * loading, then Begin starts the game (the overlay in web/src/tutorial takes over from there).
 */
export function TutorialDialog({ mode, onClose }: { mode: TutorialMode; onClose: () => void }) {
  const [loading, setLoading] = useState(true);
  const once = useRef(false);
  const navigate = useNavigate();

  useEffect(() => {
    if (once.current) return;
    once.current = true;
    void (async () => {
      if (!(await prepareTutorial(mode))) {
        leaveRoom();
        tutorialActive.value = false;
        onClose();
        return;
      }
      setLoading(false);
    })();
  }, [onClose, mode]);

  const cancel = () => {
    leaveRoom();
    tutorialActive.value = false;
    onClose();
    navigate("/");
  };
  const begin = async () => {
    tutorialActive.value = !tutorialCompleted.value;
    // Without the lesson (tutorialCompleted) the bot must not wait for it.
    const ack = await startTutorialGame(tutorialActive.value);
    if (ack.success) onClose();
  };

  return (
    <Dialog title="Welcome to the Tutorial!" onClose={cancel} testId="tutorial-dialog">
      {loading ? (
        <p role="status">Preparing your tutorial game...</p>
      ) : (
        <>
          <p>In this tutorial you will learn:</p>
          <ul>
            <li>Drawing and playing cards</li>
            <li>Managing resources</li>
            <li>Building your Royal Family</li>
            <li>Basic game strategy</li>
          </ul>
          <div className={s.buttons}>
            <button type="button" className={button.secondary} onClick={cancel}>
              Cancel
            </button>
            <button type="button" className={button.primary} onClick={() => void begin()}>
              Begin Tutorial
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
