import { useEffect, useMemo, useRef, useState } from "react";
import { parseBlocks, parseSections, type Block, type Inline, type RuleSection } from "../../logic/markdown";
import { loadCustomRules } from "../../state/settings";
import { Dialog } from "../Dialog/Dialog";
import * as s from "./RulesDialog.css";

// docs/rules.md is the one text of the rules. It is loaded (as its own chunk) when the dialog
// first opens, so the 25 KB of text is not part of the initial JavaScript.
const docs = import.meta.glob("../../../../docs/rules.md", { query: "?raw", import: "default" }) as Record<string, () => Promise<string>>;
let rulesMarkdown: string | null = null;
export async function loadRulesMarkdown(): Promise<string> {
  if (rulesMarkdown === null) {
    const load = Object.values(docs)[0];
    rulesMarkdown = load ? await load() : "";
  }
  return rulesMarkdown;
}

/** Where the spec's scroll targets land among the 14 sections. */
export const SCROLL_TARGETS: Record<string, string> = {
  resources: "card-types",
  royals: "playing-royals",
  beasts: "beasts",
};

export function ruleSections(markdown: string): RuleSection[] {
  const custom = loadCustomRules();
  if (custom && custom.length) {
    return custom.map((r) => ({ key: r.key, title: r.title, blocks: parseBlocks(r.content) }));
  }
  return parseSections(markdown);
}

function InlineText({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((p, i) =>
        p.t === "b" ? <strong key={i}>{p.v}</strong> : p.t === "i" ? <em key={i}>{p.v}</em> : p.t === "code" ? <code key={i}>{p.v}</code> : <span key={i}>{p.v}</span>,
      )}
    </>
  );
}

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case "h3":
      return (
        <h4 className={s.subheading}>
          <InlineText parts={block.text} />
        </h4>
      );
    case "p":
      return (
        <p>
          <InlineText parts={block.text} />
        </p>
      );
    case "ul":
    case "ol": {
      const items = block.items.map((it, i) => (
        <li key={i}>
          <InlineText parts={it} />
        </li>
      ));
      return block.kind === "ul" ? <ul>{items}</ul> : <ol>{items}</ol>;
    }
    case "table":
      return (
        <div className={s.tableWrap}>
          <table className={s.table}>
            <thead>
              <tr>
                {block.head.map((h, i) => (
                  <th key={i} className={s.th}>
                    <InlineText parts={h} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((r, i) => (
                <tr key={i}>
                  {r.map((c, j) => (
                    <td key={j} className={s.td}>
                      <InlineText parts={c} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}

export function RulesDialog({ onClose, scrollTo }: { onClose: () => void; scrollTo?: string }) {
  const [markdown, setMarkdown] = useState<string | null>(rulesMarkdown);
  useEffect(() => {
    if (markdown === null) void loadRulesMarkdown().then(setMarkdown);
  }, [markdown]);
  const sections = useMemo(() => (markdown === null ? [] : ruleSections(markdown)), [markdown]);
  const bodyRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!scrollTo || !sections.length) return;
    const key = SCROLL_TARGETS[scrollTo] ?? scrollTo;
    const el = bodyRef.current?.querySelector(`[data-section="${key}"]`);
    el?.scrollIntoView?.({ block: "start" });
  }, [scrollTo, sections]);
  return (
    <Dialog title="Classic Game Rules" onClose={onClose} wide testId="rules-dialog">
      <div ref={bodyRef}>
        {markdown === null && <p role="status">Loading the rules...</p>}
        {markdown !== null && sections.length === 0 && <p>The rules are being written. Check back soon.</p>}
        <nav aria-label="Rule sections" className={s.nav}>
          {sections.map((sec) => (
            <a
              key={sec.key}
              href={`#rules-${sec.key}`}
              onClick={(e) => {
                e.preventDefault();
                bodyRef.current?.querySelector(`[data-section="${sec.key}"]`)?.scrollIntoView?.({ behavior: "smooth" });
              }}
              className={s.navLink}
            >
              {sec.title}
            </a>
          ))}
        </nav>
        {sections.map((sec) => (
          <section key={sec.key} data-section={sec.key} id={`rules-${sec.key}`} aria-label={sec.title}>
            <h3 className={s.sectionTitle}>{sec.title}</h3>
            {sec.blocks.map((b, i) => (
              <BlockView key={i} block={b} />
            ))}
          </section>
        ))}
      </div>
    </Dialog>
  );
}
