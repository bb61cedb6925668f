import { useSignals } from "@preact/signals-react/runtime";
import { deckStyle, showTooltips, type DeckStyle } from "../../state/settings";
import { Card } from "../Card/Card";
import { Dialog } from "../Dialog/Dialog";
import { Switch } from "../Switch/Switch";
import type { Card as CardData } from "../../net/types";

const PREVIEW: CardData[] = [
  { id: "hearts-Q", suit: "hearts", rank: "Q" },
  { id: "spades-7", suit: "spades", rank: "7" },
  { id: "red-joker", suit: "red-joker", rank: "JOKER" },
];

function StyleChoice({ value, label }: { value: DeckStyle; label: string }) {
  useSignals();
  const checked = deckStyle.value === value;
  return (
    <label
      style={{
        display: "flex",
        flexDirection: "column",
        gap: 8,
        padding: 12,
        borderRadius: 12,
        border: `2px solid ${checked ? "#e2b43c" : "#35503f"}`,
        cursor: "pointer",
        flex: "1 1 200px",
      }}
    >
      <span style={{ display: "flex", gap: 8, alignItems: "center", fontWeight: 700 }}>
        <input type="radio" name="deck-style" value={value} checked={checked} onChange={() => (deckStyle.value = value)} />
        {label}
      </span>
      <span style={{ display: "flex", gap: 6 }} aria-hidden="true">
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
      <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 12, marginBottom: 16 }}>
        <span>
          <strong id="tooltips-label">Action Tooltips</strong>
          <br />
          <span style={{ fontSize: 14, opacity: 0.8 }}>Explain each action button when you hover it.</span>
        </span>
        <Switch checked={showTooltips.value} onChange={(next) => (showTooltips.value = next)} labelledBy="tooltips-label" />
      </div>
      <fieldset style={{ border: "none", padding: 0, margin: 0 }}>
        <legend style={{ fontWeight: 700, marginBottom: 8 }}>Deck style</legend>
        <div style={{ display: "flex", gap: 12, flexWrap: "wrap" }}>
          <StyleChoice value="modern" label="Modern (recommended)" />
          <StyleChoice value="classic" label="Classic" />
        </div>
      </fieldset>
    </Dialog>
  );
}
