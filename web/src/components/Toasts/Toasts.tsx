import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef } from "react";
import { dismissToast, toast } from "../../state/toasts";
import * as s from "./Toasts.css";

const SWIPE_THRESHOLD = 50;

/** The toast region (top right). One toast at a time; F8 focuses it; swipe right to dismiss. */
export function Toasts() {
  useSignals();
  const t = toast.value;
  const regionRef = useRef<HTMLOListElement>(null);
  const startX = useRef<number | null>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "F8") regionRef.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <section aria-label="Notifications (F8)">
      <ol ref={regionRef} tabIndex={-1} className={s.region}>
        {t && (
          <li
            key={t.id}
            role={t.variant === "destructive" ? "alert" : "status"}
            aria-live={t.variant === "destructive" ? "assertive" : "polite"}
            data-testid="toast"
            data-variant={t.variant}
            className={[s.toast, t.variant === "destructive" && s.destructive].filter(Boolean).join(" ")}
            onPointerDown={(e) => (startX.current = e.clientX)}
            onPointerUp={(e) => {
              if (startX.current !== null && e.clientX - startX.current > SWIPE_THRESHOLD) dismissToast(t.id);
              startX.current = null;
            }}
          >
            <div>
              <p className={s.title}>{t.title}</p>
              {t.description && <p className={s.description}>{t.description}</p>}
            </div>
            <button type="button" className={s.close} aria-label="Close notification" onClick={() => dismissToast(t.id)}>
              ×
            </button>
          </li>
        )}
      </ol>
    </section>
  );
}
