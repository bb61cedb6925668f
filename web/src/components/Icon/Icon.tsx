/** Small line icons drawn in code (no icon font, no emoji: they render the same everywhere). */
const PATHS: Record<string, string> = {
  cards: "M4 6.5 12 4l3 10-8 2.5zM13.5 4.2 19.5 6 16.8 16M8 9.5l3-1",
  cap: "M2 9l10-5 10 5-10 5zM6 11v5c2 2 10 2 12 0v-5M22 9v6",
  map: "M3 6l6-2 6 2 6-2v14l-6 2-6-2-6 2zM9 4v14M15 6v14",
  wrench: "M14.5 5.5a4 4 0 0 0 4.9 4.9L21 12l-9 9-3-3 9-9zM3 21l5-5",
  trophy: "M7 4h10v4a5 5 0 0 1-10 0zM7 6H3a4 4 0 0 0 4 4M17 6h4a4 4 0 0 1-4 4M12 13v4M8 21h8M9 17h6v4H9z",
  scroll: "M6 4h11a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6M6 4a2 2 0 0 0-2 2v2h2M9 9h7M9 13h7M9 17h4",
  wheat: "M12 21V8M12 8c-3 0-4-3-4-5 2 0 4 1 4 5zM12 8c3 0 4-3 4-5-2 0-4 1-4 5zM12 13c-3 0-4-3-4-5 2 0 4 1 4 5zM12 13c3 0 4-3 4-5-2 0-4 1-4 5z",
  crown: "M3 18 2 7l5 4 5-7 5 7 5-4-1 11zM4 21h16",
  dragon: "M3 18c3-1 4-4 4-7 0-4 3-6 7-6 3 0 5 2 6 4l-3 1 2 3c-2 0-3 0-4-1 0 4-3 7-7 8zM14 8h.01M7 11 3 9l1 4",
  book: "M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2zM4 21a2 2 0 0 1 2-2h13v2H6M8 7h7",
  gear: "M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z",
  exit: "M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9",
  robot: "M5 8h14v11H5zM12 4v4M9 13h.01M15 13h.01M9 16h6M2 12v3M22 12v3",
  copy: "M9 9h11v11H9zM5 15H4V4h11v1",
  check: "M4 12l5 5L20 6",
  chat: "M4 5h16v11H10l-5 4v-4H4zM8 9h8M8 12h5",
  clock: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 2",
  swords: "M14.5 17.5 3 6V3h3l11.5 11.5M13 19l6-6M16 16l4 4M19 21l2-2M9.5 6.5 21 18v3h-3L6.5 9.5M5 14l-4 4 2 2 4-4",
};

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 22, label }: { name: IconName | string; size?: number; label?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={PATHS[name] ?? ""} />
    </svg>
  );
}
