import { useSignals } from "@preact/signals-react/runtime";
import type { ActionJson } from "../../net/types";
import type { PlayChoices } from "../../logic/legal";
import { showTooltips } from "../../state/settings";
import { button } from "../../theme/ui.css";
import { Tooltip } from "../Tooltip/Tooltip";
import * as s from "./ActionBar.css";

export interface ActionBarProps {
  choices: PlayChoices;
  allResourcesUsed: boolean;
  onAct: (action: ActionJson) => void;
}

interface ButtonSpec {
  key: keyof PlayChoices;
  label: string;
  tip: string;
  prompt: string;
  testId: string;
}

const BUTTONS: ButtonSpec[] = [
  {
    key: "playResource",
    label: "Play Resource",
    tip: "Add a number card to your kingdom by using one Ready resource.",
    prompt: "Select a number card from hand and a Ready resource to use",
    testId: "btn-play-resource",
  },
  {
    key: "rotateResource",
    label: "Rotate Resource",
    tip: "Crop rotation: swap a Ready resource with a number card from your hand.",
    prompt: "Select a number card from hand and a Ready resource to rotate",
    testId: "btn-rotate-resource",
  },
  {
    key: "playRoyal",
    label: "Play Royal",
    tip: "Jack 1, Queen 2, King 3, Hero 4 Ready resources of the royal's colour.",
    prompt: "Select a royal card and the required Ready resources",
    testId: "btn-play-royal",
  },
  {
    key: "playCombination",
    label: "Play Combination",
    tip: "Pairs make Horses, runs make Dragons, three or four of a kind make Castles and Cathedrals.",
    prompt: "Select cards for a combination and the required Ready resources",
    testId: "btn-play-combination",
  },
  {
    key: "playHailOfArrows",
    label: "Hail of Arrows",
    tip: "An Ace and a 10 destroy an opposing character; of one suit they are a Flaming Salvo.",
    prompt: "Hail of Arrows requires exactly 2 cards (one Ace and one 10)",
    testId: "btn-hail",
  },
];

/** The play buttons. Each is enabled only when the selection equals a legal action. */
export function ActionBar({ choices, allResourcesUsed, onAct }: ActionBarProps) {
  useSignals();
  const tips = showTooltips.value;
  const pass = choices.passTurn;
  return (
    <div role="toolbar" aria-label="Actions" className={s.bar} data-testid="action-bar">
      {BUTTONS.map((b) => {
        const action = choices[b.key];
        return (
          <Tooltip key={b.key} content={action ? b.tip : b.prompt} openDelay={200} closeDelay={100} enabled={tips}>
            <button
              type="button"
              className={`${button.secondary} ${s.compact}`}
              disabled={!action}
              aria-description={action ? b.tip : b.prompt}
              onClick={() => action && onAct(action)}
              data-testid={b.testId}
            >
              {b.label}
            </button>
          </Tooltip>
        );
      })}
      <Tooltip content="End your turn. Pending follow-ups are skipped." openDelay={200} closeDelay={100} enabled={tips}>
        <button
          type="button"
          className={`${allResourcesUsed ? button.primary : button.secondary} ${s.compact}`}
          disabled={!pass}
          onClick={() => pass && onAct(pass)}
          data-testid="btn-pass"
          data-highlight={allResourcesUsed ? "true" : undefined}
        >
          Pass Turn
        </button>
      </Tooltip>
    </div>
  );
}
