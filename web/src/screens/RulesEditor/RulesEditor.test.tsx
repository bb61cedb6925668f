import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RulesDialog } from "../../components/RulesDialog/RulesDialog";
import { loadPlayerRules } from "../../rules/playerRules";
import { dismissToast, toast } from "../../state/toasts";
import RulesEditor from "./RulesEditor";

const KEY = "game_rules_custom";

async function mountEditor() {
  const r = render(
    <MemoryRouter initialEntries={["/admin/rules-editor"]}>
      <RulesEditor />
    </MemoryRouter>,
  );
  await screen.findAllByTestId("editor-section");
  return r;
}

const section = (key: string) => document.querySelector<HTMLElement>(`[data-testid=editor-section][data-key="${key}"]`)!;
const textOf = (key: string) => within(section(key)).getByLabelText("Text") as HTMLTextAreaElement;
const marks = () => screen.queryAllByTestId("edited-mark").length;

function setClipboard(writeText: ((t: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, "clipboard", { value: writeText ? { writeText } : undefined, configurable: true });
}

let fetchSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, "fetch");
});
afterEach(() => {
  // No call of the editor ever goes to the server.
  expect(fetchSpy).not.toHaveBeenCalled();
  vi.restoreAllMocks();
  setClipboard(undefined);
  act(() => dismissToast());
});

describe("rules editor", () => {
  it("starts from the 14 built-in sections, none marked, nothing to save", async () => {
    await mountEditor();
    const defaults = await loadPlayerRules();
    expect(screen.getAllByTestId("editor-section")).toHaveLength(14);
    expect(textOf("beasts").value).toBe(defaults[4].content);
    expect(marks()).toBe(0);
    expect((screen.getByRole("button", { name: "Save Changes" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("editor-status").textContent).toBe("The built-in rules are shown");
  });

  it("previews an edit live and marks the section; Save Changes stores it under game_rules_custom", async () => {
    await mountEditor();
    fireEvent.change(textOf("objective"), { target: { value: "Kings **rule**.\n\n![A Horse](6♥ 6♣)" } });
    const preview = within(section("objective")).getByTestId("editor-preview");
    expect(within(preview).getByRole("region", { name: "Objective" }).textContent).toContain("Kings rule.");
    expect(within(preview).getAllByRole("img").map((i) => i.getAttribute("aria-label"))).toEqual(["6 of Hearts", "6 of Clubs"]);
    expect(within(section("objective")).getByTestId("edited-mark")).toBeTruthy();
    expect(marks()).toBe(1);
    fireEvent.change(within(section("setup")).getByLabelText("Title of setup"), { target: { value: "Getting Ready" } });
    expect(marks()).toBe(2);
    expect(localStorage.getItem(KEY)).toBeNull(); // nothing stored before Save
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    const stored = JSON.parse(localStorage.getItem(KEY)!);
    expect(stored).toHaveLength(14);
    expect(stored[0]).toEqual({ key: "objective", title: "Objective", content: "Kings **rule**.\n\n![A Horse](6♥ 6♣)" });
    expect(stored[1].title).toBe("Getting Ready");
    expect(toast.value?.title).toBe("Changes saved");
    expect((screen.getByRole("button", { name: "Save Changes" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("the rules dialog shows the saved rules instead of the built-ins", async () => {
    await mountEditor();
    fireEvent.change(textOf("strategy"), { target: { value: "Always build a **Cathedral** first." } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    render(<RulesDialog onClose={() => {}} />);
    const dialog = screen.getByRole("dialog", { name: "Classic Game Rules" });
    const strategy = await within(dialog).findByRole("region", { name: "Strategy" });
    expect(strategy.textContent).toContain("Always build a Cathedral first.");
    expect(within(dialog).getAllByRole("region")).toHaveLength(14);
  });

  it("a saved editor opens with the stored rules, marked; Restore Default puts one section back", async () => {
    const defaults = await loadPlayerRules();
    localStorage.setItem(KEY, JSON.stringify(defaults.map((s) => (s.key === "riding" ? { ...s, content: "No riding today." } : s))));
    await mountEditor();
    expect(textOf("riding").value).toBe("No riding today.");
    expect(marks()).toBe(1);
    fireEvent.click(within(section("riding")).getByRole("button", { name: "Restore Default" }));
    expect(textOf("riding").value).toBe(defaults[6].content);
    expect(marks()).toBe(0);
  });

  it("Reset to Defaults removes the custom rules and shows the built-ins again", async () => {
    const defaults = await loadPlayerRules();
    localStorage.setItem(KEY, JSON.stringify(defaults.map((s) => ({ ...s, content: "x" }))));
    await mountEditor();
    expect(marks()).toBe(14);
    fireEvent.click(screen.getByRole("button", { name: "Reset to Defaults" }));
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(marks()).toBe(0);
    expect(textOf("winning").value).toBe(defaults[12].content);
    expect(toast.value?.title).toBe("Rules reset");
    render(<RulesDialog onClose={() => {}} />);
    const winning = await screen.findByRole("region", { name: "Winning" });
    expect(winning.textContent).toContain("Scoring a hand");
  });

  it("Copy puts the section's text on the clipboard", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    setClipboard(writeText);
    await mountEditor();
    fireEvent.click(screen.getByRole("button", { name: "Copy Dragon Slaying" }));
    await waitFor(() => expect(toast.value?.title).toBe("Copied to clipboard"));
    expect(writeText).toHaveBeenCalledWith(textOf("dragon-slaying").value);
  });

  it("a failed copy says 'Failed to copy to clipboard'", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    setClipboard(() => Promise.reject(new Error("denied")));
    await mountEditor();
    fireEvent.click(screen.getByRole("button", { name: "Copy Objective" }));
    await waitFor(() => expect(toast.value?.title).toBe("Failed to copy to clipboard"));
    expect(toast.value?.variant).toBe("destructive");
    expect(error).toHaveBeenCalled();
  });

  it("no clipboard at all (an insecure page) fails the same way", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    setClipboard(undefined);
    await mountEditor();
    fireEvent.click(screen.getByRole("button", { name: "Copy Objective" }));
    await waitFor(() => expect(toast.value?.title).toBe("Failed to copy to clipboard"));
  });

  it("bad stored JSON is ignored and logged, with no message: the built-ins are edited", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    localStorage.setItem(KEY, "{not json");
    await mountEditor();
    expect(error).toHaveBeenCalledWith("Failed to load custom rules", expect.any(SyntaxError));
    expect(marks()).toBe(0);
    expect(toast.value).toBeNull();
    expect(screen.getAllByTestId("editor-section")).toHaveLength(14);
  });

  it("stored JSON of the wrong shape is ignored and logged too", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    localStorage.setItem(KEY, JSON.stringify([{ key: "objective", title: 3 }]));
    await mountEditor();
    expect(error).toHaveBeenCalled();
    expect(marks()).toBe(0);
    expect(toast.value).toBeNull();
  });

  it("a failed save is only logged: no message, nothing marked as saved", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    await mountEditor();
    fireEvent.change(textOf("objective"), { target: { value: "new" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(error).toHaveBeenCalledWith("Failed to save custom rules", expect.any(DOMException));
    expect(toast.value).toBeNull();
    expect(screen.getByTestId("editor-status").textContent).toBe("Unsaved changes");
  });
});
