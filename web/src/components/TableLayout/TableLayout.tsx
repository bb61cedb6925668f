import type { ReactNode } from "react";
import * as s from "./TableLayout.css";

/** The table's scrolling part and, below it, the dock (action bar and hand): they never overlap. */
export function TableLayout({ children, dock }: { children: ReactNode; dock?: ReactNode }) {
  return (
    <>
      <div className={s.scroll} data-testid="table-scroll">
        <div className={s.table}>{children}</div>
      </div>
      {dock && (
        <div className={s.dock} data-testid="table-dock">
          <div className={s.handle} aria-hidden="true" />
          <div className={s.dockInner}>{dock}</div>
        </div>
      )}
    </>
  );
}
