import { useSignals } from "@preact/signals-react/runtime";
import { deckStyle, showTooltips, type DeckStyle } from "../../state/settings";
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

/** Game options: action tooltips and the deck style (localStorage showTooltips, deckStyle). */
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
