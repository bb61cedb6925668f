import { useEffect, useId, useRef, type ReactNode } from "react";
import * as s from "./Dialog.css";

export interface DialogProps {
  title: string;
  onClose?: () => void;
  children: ReactNode;
  wide?: boolean;
  testId?: string;
  /** Describes the dialog for assistive technology. */
  description?: string;
}

const FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]:not([tabindex='-1'])";

/**
 * A modal dialog: focus moves inside and stays there (Tab cycles), Escape and the close button
 * call onClose, and focus goes back to where it was when the dialog closes.
 */
export function Dialog({ title, onClose, children, wide, testId, description }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const el = ref.current;
    // A control marked data-autofocus first, else the first field or enabled button.
    const first =
      el?.querySelector<HTMLElement>("[data-autofocus]:not([disabled])") ?? el?.querySelector<HTMLElement>("input, select, button:not([disabled])");
    first?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && closeRef.current) {
        e.stopPropagation();
        closeRef.current();
        return;
      }
      // Focus stays inside: Tab from the last control goes to the first, Shift+Tab the other way.
      if (e.key !== "Tab" || !el) return;
      const focusable = [...el.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((x) => !x.hasAttribute("disabled") && !x.closest("[hidden]"));
      if (focusable.length === 0) {
        e.preventDefault();
        return;
      }
      const firstEl = focusable[0];
      const lastEl = focusable[focusable.length - 1];
      const active = document.activeElement;
      if (e.shiftKey && (active === firstEl || !el.contains(active))) {
        e.preventDefault();
        lastEl.focus();
      } else if (!e.shiftKey && (active === lastEl || !el.contains(active))) {
        e.preventDefault();
        firstEl.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      previous?.focus?.();
    };
  }, []);

  return (
    <div className={s.overlay} onMouseDown={(e) => e.target === e.currentTarget && onClose?.()}>
      <div
        ref={ref}
        className={[s.dialog, wide && s.wide].filter(Boolean).join(" ")}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-description={description}
        data-testid={testId}
      >
        <div className={s.header}>
          <h2 id={titleId} className={s.title}>
            {title}
          </h2>
          {onClose && (
            <button type="button" className={s.close} onClick={onClose} aria-label="Close">
              ×
            </button>
          )}
        </div>
        <div className={s.body}>{children}</div>
      </div>
    </div>
  );
}
