import { useSignals } from "@preact/signals-react/runtime";
import { animationSpeed, deckStyle, showTooltips, soundEffects, type AnimationSpeed, type DeckStyle } from "../../state/settings";
import { Card } from "../Card/Card";
import { Dialog } from "../Dialog/Dialog";
import { Switch } from "../Switch/Switch";
import type { Card as CardData } from "../../net/types";
import * as s from "./OptionsDialog.css";

const PREVIEW: CardData[] = [
  { id: "hearts-Q", suit: "hearts", rank: "Q" },
  { id: "spades-7", suit: "spades", rank: "7" },
  { id: "red-joker", suit: "red-joker", rank: "JOKER" },
];

function StyleChoice({ value, label }: { value: DeckStyle; label: string }) {
  useSignals();
  const checked = deckStyle.value === value;
  return (
    <label className={[s.choice, checked && s.checked].filter(Boolean).join(" ")}>
      <span className={s.choiceHead}>
        <input type="radio" name="deck-style" value={value} checked={checked} onChange={() => (deckStyle.value = value)} />
        {label}
      </span>
      <span className={s.preview} aria-hidden="true">
        {PREVIEW.map((c) => (
          <Card key={c.id} card={c} size="sm" styleOverride={value} />
        ))}
      </span>
    </label>
  );
}

/**
 * Game options: action tooltips, sound effects, animation speed and the deck style
 * (localStorage showTooltips, soundEffects, animationSpeed, deckStyle).
 */
export function OptionsDialog({ onClose }: { onClose: () => void }) {
  useSignals();
  return (
    <Dialog title="Game Options" onClose={onClose} testId="options-dialog">
      <div className={s.setting}>
        <span>
          <strong id="tooltips-label">Action Tooltips</strong>
          <br />
          <span className={s.explain}>Explain each action button when you hover it.</span>
        </span>
        <Switch checked={showTooltips.value} onChange={(next) => (showTooltips.value = next)} labelledBy="tooltips-label" />
      </div>
      <div className={s.setting}>
        <span>
          <strong id="sounds-label">Sound Effects</strong>
          <br />
          <span className={s.explain}>Short sounds for draws, plays and attacks.</span>
        </span>
        <Switch checked={soundEffects.value} onChange={(next) => (soundEffects.value = next)} labelledBy="sounds-label" />
      </div>
      <fieldset className={s.fieldset}>
        <legend className={s.legend}>Animation speed</legend>
        <div className={s.speeds} role="radiogroup" aria-label="Animation speed">
          {(
            [
              ["normal", "Normal"],
              ["fast", "Fast"],
            ] as [AnimationSpeed, string][]
          ).map(([value, label]) => (
            <label key={value} className={[s.speed, animationSpeed.value === value && s.checked].filter(Boolean).join(" ")}>
              <input type="radio" name="animation-speed" value={value} checked={animationSpeed.value === value} onChange={() => (animationSpeed.value = value)} />
              {label}
            </label>
          ))}
        </div>
        <p className={s.explain}>Fast plays every animation, and the pause after another player's move, in a third of the time.</p>
      </fieldset>
      <fieldset className={s.fieldset}>
        <legend className={s.legend}>Deck style</legend>
        <div className={s.choices}>
          <StyleChoice value="modern" label="Modern (recommended)" />
          <StyleChoice value="classic" label="Classic" />
        </div>
      </fieldset>
    </Dialog>
  );
}
