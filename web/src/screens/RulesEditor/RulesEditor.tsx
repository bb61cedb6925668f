/**
 * The rules editor (/admin/rules-editor): the text of every rules section, with a live
 * preview as the How to Play dialog shows it and a mark on sections that differ from the
 * built-in rules. 'Save Changes' stores the sections in this browser (localStorage
 * game_rules_custom), where the dialog shows them instead of the built-ins; 'Reset to Defaults'
 * goes back. No server call.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { RuleSectionView } from "../../components/RulesDialog/RulesText";
import { loadPlayerRules, type RulesSection } from "../../rules/playerRules";
import { clearCustomRules, loadCustomRules, saveCustomRules } from "../../state/settings";
import { showToast } from "../../state/toasts";
import { badgeGold, button, input } from "../../theme/ui.css";
import * as s from "./RulesEditor.css";

/** Whether a section differs from the built-in section with the same key (or has none). */
export function differsFromDefault(section: RulesSection, defaults: RulesSection[]): boolean {
  const d = defaults.find((x) => x.key === section.key);
  return !d || d.title !== section.title || d.content !== section.content;
}

const same = (a: RulesSection[], b: RulesSection[]) => JSON.stringify(a) === JSON.stringify(b);

async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error("the clipboard is not available");
  await navigator.clipboard.writeText(text);
}

interface EditorSectionProps {
  section: RulesSection;
  edited: boolean;
  hasDefault: boolean;
  onChange: (key: string, change: Partial<RulesSection>) => void;
  onRestore: (key: string) => void;
}

function EditorSection({ section, edited, hasDefault, onChange, onRestore }: EditorSectionProps) {
  const copy = async () => {
    try {
      await copyText(section.content);
      showToast({ title: "Copied to clipboard", description: `${section.title}: the section's text.` });
    } catch (e) {
      console.error("Failed to copy to clipboard", e);
      showToast({ title: "Failed to copy to clipboard", variant: "destructive" });
    }
  };
  const contentId = `rules-editor-${section.key}`;
  return (
    <section
      className={[s.section, edited && s.edited].filter(Boolean).join(" ")}
      id={`edit-${section.key}`}
      aria-label={`Edit ${section.title}`}
      data-testid="editor-section"
      data-key={section.key}
      data-edited={edited}
    >
      <div className={s.sectionHead}>
        <input
          className={`${input} ${s.titleInput}`}
          value={section.title}
          aria-label={`Title of ${section.key}`}
          onChange={(e) => onChange(section.key, { title: e.target.value })}
        />
        {edited && (
          <span className={badgeGold} title="This section differs from the built-in rules" data-testid="edited-mark">
            Edited
          </span>
        )}
        {edited && hasDefault && (
          <button type="button" className={button.ghost} onClick={() => onRestore(section.key)}>
            Restore Default
          </button>
        )}
        <button type="button" className={button.secondary} onClick={() => void copy()} aria-label={`Copy ${section.title}`}>
          Copy
        </button>
      </div>
      <div className={s.columns}>
        <label className={s.label} htmlFor={contentId}>
          Text
          <textarea id={contentId} className={s.textarea} value={section.content} spellCheck onChange={(e) => onChange(section.key, { content: e.target.value })} />
        </label>
        <div>
          <div className={s.previewLabel} aria-hidden="true">
            Preview
          </div>
          {/* A pane that scrolls is reachable by keyboard (Tab to it, then the arrow keys). */}
          <div className={s.preview} data-testid="editor-preview" role="region" aria-label={`Preview of ${section.title}`} tabIndex={0}>
            <RuleSectionView section={section} />
          </div>
        </div>
      </div>
    </section>
  );
}

export default function RulesEditor() {
  const [defaults, setDefaults] = useState<RulesSection[] | null>(null);
  const [saved, setSaved] = useState<RulesSection[]>([]);
  const [draft, setDraft] = useState<RulesSection[]>([]);
  const [custom, setCustom] = useState(false);

  useEffect(() => {
    let live = true;
    void loadPlayerRules().then((builtIn) => {
      if (!live) return;
      const stored = loadCustomRules();
      setDefaults(builtIn);
      setSaved(stored ?? builtIn);
      setDraft(stored ?? builtIn);
      setCustom(stored !== null);
    });
    return () => {
      live = false;
    };
  }, []);

  const dirty = !same(draft, saved);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const change = useCallback((key: string, part: Partial<RulesSection>) => {
    setDraft((d) => d.map((x) => (x.key === key ? { ...x, ...part } : x)));
  }, []);
  const restore = useCallback(
    (key: string) => {
      const d = defaults?.find((x) => x.key === key);
      if (d) setDraft((all) => all.map((x) => (x.key === key ? { ...d } : x)));
    },
    [defaults],
  );

  const save = () => {
    if (!saveCustomRules(draft)) return; // logged only
    setSaved(draft);
    setCustom(true);
    showToast({ title: "Changes saved", description: "The How to Play dialog now shows these rules." });
  };
  const reset = () => {
    if (!defaults) return;
    clearCustomRules();
    setSaved(defaults);
    setDraft(defaults);
    setCustom(false);
    showToast({ title: "Rules reset", description: "The How to Play dialog shows the built-in rules again." });
  };

  const edited = useMemo(() => new Set(defaults ? draft.filter((x) => differsFromDefault(x, defaults)).map((x) => x.key) : []), [draft, defaults]);

  return (
    <main className={s.page} data-testid="rules-editor">
      <div className={s.top}>
        <div>
          <h1 className={s.title}>Rules Editor</h1>
          <p className={s.subtitle}>
            Write your own version of the rules. Saved rules are kept in this browser and shown by the How to Play dialog instead of the built-in rules.
          </p>
        </div>
        <Link to="/">Back to Home</Link>
      </div>
      <div className={s.toolbar} role="toolbar" aria-label="Rules editor">
        <button type="button" className={button.primary} onClick={save} disabled={!defaults || !dirty}>
          Save Changes
        </button>
        <button type="button" className={button.secondary} onClick={reset} disabled={!defaults || (!custom && !dirty)}>
          Reset to Defaults
        </button>
        <span className={s.status} role="status" data-testid="editor-status">
          {!defaults
            ? "Loading the rules..."
            : dirty
              ? "Unsaved changes"
              : custom
                ? `Your rules are shown (${edited.size} of ${draft.length} sections edited)`
                : "The built-in rules are shown"}
        </span>
      </div>
      <p className={s.help}>
        Text is Markdown: <span className={s.code}>**bold**</span>, <span className={s.code}>*italic*</span>, <span className={s.code}>- lists</span>,{" "}
        <span className={s.code}>### headings</span> and <span className={s.code}>| tables |</span>. A line{" "}
        <span className={s.code}>![caption](6♥ 6♣)</span> draws cards: a rank and a suit, <span className={s.code}>R★</span> and{" "}
        <span className={s.code}>B★</span> for the red and black Hero, <span className={s.code}>5♦:used</span> for a used resource.
      </p>
      <nav aria-label="Sections">
        <ul className={s.index}>
          {draft.map((x) => (
            <li key={x.key}>
              <a className={s.indexLink} href={`#edit-${x.key}`}>
                {x.title || x.key}
              </a>
              {edited.has(x.key) && (
                <span className={s.dot} aria-label="edited">
                  ●
                </span>
              )}
            </li>
          ))}
        </ul>
      </nav>
      {draft.map((x) => (
        <EditorSection key={x.key} section={x} edited={edited.has(x.key)} hasDefault={!!defaults?.some((d) => d.key === x.key)} onChange={change} onRestore={restore} />
      ))}
    </main>
  );
}
