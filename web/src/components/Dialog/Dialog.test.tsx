import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Dialog } from "./Dialog";

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog title="Pick" onClose={() => setOpen(false)}>
          <button type="button">One</button>
          <button type="button">Two</button>
        </Dialog>
      )}
    </>
  );
}

describe("Dialog", () => {
  it("moves focus in, keeps Tab inside, and gives focus back on close", () => {
    render(<Harness />);
    const opener = screen.getByRole("button", { name: "Open" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Pick" });
    const close = screen.getByRole("button", { name: "Close" });
    const two = screen.getByRole("button", { name: "Two" });
    expect(dialog.contains(document.activeElement)).toBe(true);
    two.focus();
    fireEvent.keyDown(document, { key: "Tab" });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(two);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
