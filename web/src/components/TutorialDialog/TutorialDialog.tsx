import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { client, leaveRoom, tutorialActive } from "../../state/game";
import { showToast } from "../../state/toasts";
import { tutorialCompleted } from "../../state/settings";
import { button } from "../../theme/ui.css";
import { Dialog } from "../Dialog/Dialog";

import type { TutorialMode } from "../../tutorial/steps";

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
      const created = await client.call("createRoom", { playerName: "You", isTutorial: true, tutorialMode: mode });
      const bot = created.success ? await client.call("addBot", {}) : created;
      if (!bot.success) {
        leaveRoom();
        tutorialActive.value = false;
        showToast({ title: "Error", description: "Failed to prepare tutorial. Please try again.", variant: "destructive" });
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
    const ack = await client.call("startTutorialGame", { guided: tutorialActive.value });
    if (!ack.success) showToast({ title: "Error", description: ack.error || "Failed to start game", variant: "destructive" });
    else onClose();
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
          <div style={{ display: "flex", gap: 8, justifyContent: "flex-end" }}>
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
