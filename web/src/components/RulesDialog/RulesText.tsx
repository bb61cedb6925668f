/** The rules as players read them: sections of Markdown with tables and card pictures. */
import { useEffect, useMemo, useRef } from "react";
import { parseBlocks, slug, type Block, type Inline } from "../../logic/markdown";
import { SCROLL_TARGETS, type RulesSection } from "../../rules/playerRules";
import { Card } from "../Card/Card";
import * as s from "./RulesText.css";

const CARD_IN_TEXT = /((?:10|[2-9AJQK])[♥♦♣♠]|[♥♦♣♠])/g;

/** Plain text with each card (7♥) or suit symbol in its colour. */
function Symbols({ text }: { text: string }) {
  const parts = text.split(CARD_IN_TEXT);
  if (parts.length === 1) return <>{text}</>;
  return (
    <>
      {parts.map((p, i) =>
        i % 2 === 1 ? (
          <span key={i} className={/[♥♦]/.test(p) ? s.red : s.black}>
            {p}
          </span>
        ) : (
          p
        ),
      )}
    </>
  );
}

function InlineText({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((p, i) =>
        p.t === "b" ? (
          <strong key={i}>
            <Symbols text={p.v} />
          </strong>
        ) : p.t === "i" ? (
          <em key={i}>
            <Symbols text={p.v} />
          </em>
        ) : p.t === "code" ? (
          <code key={i}>{p.v}</code>
        ) : (
          <Symbols key={i} text={p.v} />
        ),
      )}
    </>
  );
}

const plain = (parts: Inline[]) => parts.map((p) => p.v).join("");

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case "h3":
      return (
        <h4 className={s.heading} data-heading={slug(plain(block.text))}>
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
    case "cards":
      return (
        <figure className={s.picture}>
          <div className={s.pictureCards}>
            {block.cards.map((c, i) => (
              <Card key={i} card={c.card} used={c.used} size="md" />
            ))}
          </div>
          {block.caption.length > 0 && (
            <figcaption className={s.caption}>
              <InlineText parts={block.caption} />
            </figcaption>
          )}
        </figure>
      );
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

/** One section as the dialog shows it (also the rules editor's live preview). */
export function RuleSectionView({ section }: { section: RulesSection }) {
  const blocks = useMemo(() => parseBlocks(section.content), [section.content]);
  return (
    <section data-section={section.key} id={`rules-${section.key}`} aria-label={section.title} className={s.section}>
      <h3 className={s.title}>{section.title}</h3>
      {blocks.map((b, i) => (
        <BlockView key={i} block={b} />
      ))}
    </section>
  );
}

/** Every section with a table of contents; scrolls to `scrollTo` (resources, royals, beasts). */
export default function RulesText({ sections, scrollTo }: { sections: RulesSection[]; scrollTo?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!scrollTo) return;
    const root = ref.current;
    for (const key of SCROLL_TARGETS[scrollTo] ?? [scrollTo]) {
      const el = root?.querySelector(`[data-section="${key}"], [data-heading="${key}"]`);
      if (el) {
        el.scrollIntoView?.({ block: "start" });
        return;
      }
    }
  }, [scrollTo, sections]);
  return (
    <div ref={ref}>
      {sections.length === 0 && <p>No rules have been written yet.</p>}
      <nav aria-label="Rule sections" className={s.nav}>
        {sections.map((sec) => (
          <a
            key={sec.key}
            href={`#rules-${sec.key}`}
            className={s.navLink}
            onClick={(e) => {
              e.preventDefault();
              ref.current?.querySelector(`[data-section="${sec.key}"]`)?.scrollIntoView?.({ behavior: "smooth" });
            }}
          >
            {sec.title}
          </a>
        ))}
      </nav>
      {sections.map((sec) => (
        <RuleSectionView key={sec.key} section={sec} />
      ))}
    </div>
  );
}
