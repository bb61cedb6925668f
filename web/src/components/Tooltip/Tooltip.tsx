import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import * as s from "./Tooltip.css";

export interface TooltipProps {
  content: ReactNode;
  children: ReactNode;
  /** Spec: 700 ms in general, 200 ms for in-game action tooltips. */
  openDelay?: number;
  /** Spec: 300 ms in general, 100 ms for in-game action tooltips. */
  closeDelay?: number;
  enabled?: boolean;
  placement?: "top" | "bottom";
}

/** A hover / focus tooltip, shown after a short delay. */
export function Tooltip({ content, children, openDelay = 700, closeDelay = 300, enabled = true, placement = "top" }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), openDelay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(false), closeDelay);
  };
  if (!enabled) return <>{children}</>;
  return (
    <span
      className={s.anchor}
      onPointerEnter={(e) => e.pointerType === "mouse" && show()}
      onPointerLeave={(e) => e.pointerType === "mouse" && hide()}
      onFocus={show}
      onBlur={hide}
      aria-describedby={open ? id : undefined}
    >
      {children}
      {open && (
        <span role="tooltip" id={id} className={placement === "bottom" ? `${s.tip} ${s.below}` : s.tip}>
          {content}
        </span>
      )}
    </span>
  );
}
