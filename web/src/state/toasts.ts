/** Toasts: one visible at a time, auto-dismissed after 5000 ms. */
import { signal } from "@preact/signals-react";

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: "default" | "destructive";
  duration: number;
}

export const TOAST_DURATION_MS = 5000;

export const toast = signal<Toast | null>(null);
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

export function showToast(t: { title: string; description?: string; variant?: Toast["variant"]; duration?: number }): Toast {
  const next: Toast = {
    id: nextId++,
    title: t.title,
    description: t.description,
    variant: t.variant ?? "default",
    duration: t.duration ?? TOAST_DURATION_MS,
  };
  clearTimeout(timer);
  toast.value = next;
  timer = setTimeout(() => dismissToast(next.id), next.duration);
  return next;
}

export function dismissToast(id?: number): void {
  if (id === undefined || toast.value?.id === id) {
    clearTimeout(timer);
    toast.value = null;
  }
}
