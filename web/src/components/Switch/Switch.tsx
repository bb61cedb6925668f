import * as s from "./Switch.css";

/** An on/off switch (role="switch"), operable by click, Space and Enter. */
export function Switch({ checked, onChange, labelledBy }: { checked: boolean; onChange: (next: boolean) => void; labelledBy: string }) {
  return (
    <button type="button" role="switch" aria-checked={checked} aria-labelledby={labelledBy} className={s.track} onClick={() => onChange(!checked)}>
      <span className={s.thumb} />
    </button>
  );
}
