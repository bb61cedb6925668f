import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Avatar, initials } from "./Avatar";

describe("Avatar", () => {
  it("makes initials from the names, else the username", () => {
    expect(initials({ id: "1", firstName: "Rosalind", lastName: "Franklin", username: "rf" })).toBe("RF");
    expect(initials({ id: "1", username: "ana_b" })).toBe("AN");
    expect(initials({ id: "1" })).toBe("?");
  });

  it("shows an uploaded picture of this server, never another site's", () => {
    const { rerender } = render(<Avatar user={{ id: "u1", username: "Ana", profileImageUrl: "/api/avatars/u1?v=2" }} />);
    expect(screen.getByTestId("avatar-image").getAttribute("src")).toBe("/api/avatars/u1?v=2");
    rerender(<Avatar user={{ id: "u1", username: "Ana", profileImageUrl: "https://example.com/a.png" }} />);
    expect(screen.queryByTestId("avatar-image")).toBeNull();
    expect(screen.getByTestId("avatar-initials").textContent).toBe("AN");
  });
});
