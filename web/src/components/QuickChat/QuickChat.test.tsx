import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearBubbles, PHRASES, showBubble } from "../../state/chat";
import { gameView, player } from "../../test/fixtures";
import { ChatBubble, ChatFeed, QuickChatButton } from "./QuickChat";

describe("QuickChat", () => {
  afterEach(() => {
    clearBubbles();
    vi.useRealTimers();
  });

  it("a phrase shows beside its sender's seat for the time the push gives, a newer one replacing it", () => {
    vi.useFakeTimers();
    render(
      <>
        <ChatBubble playerNumber={1} />
        <ChatBubble playerNumber={2} />
        <ChatFeed />
      </>,
    );
    expect(screen.queryByTestId("chat-bubble")).toBeNull();
    act(() => showBubble(2, "Bo", "Good luck", 3));
    expect(screen.getByRole("status", { name: "Bo says Good luck" }).dataset.player).toBe("2");
    expect(screen.getByTestId("chat-feed-item").textContent).toBe("Bo: Good luck");
    act(() => vi.advanceTimersByTime(2000));
    act(() => showBubble(2, "Bo", "Oops", 3));
    act(() => vi.advanceTimersByTime(1500)); // the first one's time is up: the newer one stays
    expect(screen.getByTestId("chat-bubble").textContent).toBe("Oops");
    act(() => vi.advanceTimersByTime(1600));
    expect(screen.queryByTestId("chat-bubble")).toBeNull();
    expect(screen.queryByTestId("chat-feed-item")).toBeNull();
  });

  it("the picker offers the fixed phrases (no free text) and a mute for each other person, not for bots", () => {
    const v = gameView({ players: [player(1), player(2), player(3, { isBot: true })], chatMuted: [2] });
    render(<QuickChatButton view={v} />);
    fireEvent.click(screen.getByRole("button", { name: "Quick chat" }));
    const picker = screen.getByTestId("quick-chat");
    expect(picker.querySelectorAll("[data-testid=chat-phrase]").length).toBe(PHRASES.length);
    expect(picker.querySelector("input, textarea")).toBeNull();
    expect(screen.getByRole("switch", { name: "Mute Bo" }).getAttribute("aria-checked")).toBe("true");
    expect(screen.queryByRole("switch", { name: "Mute Cy" })).toBeNull();
    expect(screen.queryByRole("switch", { name: "Mute Ann" })).toBeNull();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByTestId("quick-chat")).toBeNull();
  });

  it("spectators have no picker", () => {
    render(<QuickChatButton view={gameView({ isSpectator: true, myPlayerNumber: null })} />);
    expect(screen.queryByRole("button", { name: "Quick chat" })).toBeNull();
  });
});
