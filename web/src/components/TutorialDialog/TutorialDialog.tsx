import { useEffect, useRef, useState } from "react";
import { client, leaveRoom, tutorialActive, view } from "../../state/game";
import { showToast } from "../../state/toasts";
import { tutorialCompleted } from "../../state/settings";
import { button } from "../../theme/ui.css";
import { Dialog } from "../Dialog/Dialog";

export type TutorialMode = "basics" | "multiplayer" | "advanced-combos" | "constructed" | "quest";

export const TUTORIAL_MODES: { value: TutorialMode; label: string }[] = [
  { value: "basics", label: "Basics" },
  { value: "multiplayer", label: "Multiplayer" },
  { value: "advanced-combos", label: "Advanced Combos" },
  { value: "constructed", label: "Constructed" },
  { value: "quest", label: "Quest Mode" },
];

/**
 * 'Welcome to the Tutorial!': creates a tutorial room with a bot while loading, then Begin
 * starts the game. (The step-by-step overlay is a later issue.)
 */
export function TutorialDialog({ onClose }: { mode: TutorialMode; onClose: () => void }) {
  const [loading, setLoading] = useState(true);
  const once = useRef(false);

  useEffect(() => {
    if (once.current) return;
    once.current = true;
    void (async () => {
      const created = await client.call("createRoom", { playerName: "You", isTutorial: true });
      const bot = created.success ? await client.call("addBot", {}) : created;
      if (!bot.success) {
        client.send("leaveRoom", {});
        view.value = null;
        showToast({ title: "Error", description: "Failed to prepare tutorial. Please try again.", variant: "destructive" });
        onClose();
        return;
      }
      setLoading(false);
    })();
  }, [onClose]);

  const cancel = () => {
    leaveRoom();
    tutorialActive.value = false;
    onClose();
  };
  const begin = async () => {
    tutorialActive.value = !tutorialCompleted.value;
    const ack = await client.call("startTutorialGame", {});
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
