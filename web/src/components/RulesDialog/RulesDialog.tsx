import { lazy, Suspense, useEffect, useState } from "react";
import { loadPlayerRules, type RulesSection } from "../../rules/playerRules";
import { loadCustomRules } from "../../state/settings";
import { Dialog } from "../Dialog/Dialog";

// The text and its rendering (with the card pictures) load as their own chunks on first open.
const RulesText = lazy(() => import("./RulesText"));

/** The sections the dialog shows: the rules editor's custom rules, else the built-in ones. */
export async function shownRules(): Promise<RulesSection[]> {
  return loadCustomRules() ?? (await loadPlayerRules());
}

const loading = <p role="status">Loading the rules...</p>;

/** 'Classic Game Rules': the 14 sections, optionally scrolled to resources, royals or beasts. */
export function RulesDialog({ onClose, scrollTo }: { onClose: () => void; scrollTo?: string }) {
  const [sections, setSections] = useState<RulesSection[] | null>(null);
  useEffect(() => {
    let live = true;
    void shownRules().then((s) => live && setSections(s));
    return () => {
      live = false;
    };
  }, []);
  return (
    <Dialog title="Classic Game Rules" onClose={onClose} wide testId="rules-dialog">
      {sections === null ? (
        loading
      ) : (
        <Suspense fallback={loading}>
          <RulesText sections={sections} scrollTo={scrollTo} />
        </Suspense>
      )}
    </Dialog>
  );
}
