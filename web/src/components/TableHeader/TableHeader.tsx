import type { GameView } from "../../net/types";
import { badgeGold, iconButton } from "../../theme/ui.css";
import { Icon } from "../Icon/Icon";
import { QuickChatButton } from "../QuickChat/QuickChat";
import { WatchingBadge } from "../Watch/Watch";
import * as s from "./TableHeader.css";

export interface TableHeaderProps {
  view: GameView;
  onRules: () => void;
  onSettings: () => void;
  onLeave: () => void;
}

/** The game page's bar: title, room code, rules, settings and leave. */
export function TableHeader({ view, onRules, onSettings, onLeave }: TableHeaderProps) {
  return (
    <header className={s.header}>
      <span className={s.title}>Kingdom</span>
      <span className={badgeGold} aria-label={`Room code ${view.roomCode}`} data-testid="room-code-badge">
        {view.roomCode}
      </span>
      <WatchingBadge view={view} />
      <QuickChatButton view={view} />
      <button type="button" className={iconButton} onClick={onRules} aria-label="Rules" title="Rules">
        <Icon name="book" />
      </button>
      <button type="button" className={iconButton} onClick={onSettings} aria-label="Settings" title="Settings">
        <Icon name="gear" />
      </button>
      <button type="button" className={iconButton} onClick={onLeave} aria-label="Leave game" title="Leave game">
        <Icon name="exit" />
      </button>
    </header>
  );
}
