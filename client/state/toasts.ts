import { TOAST_DELAY_MS } from '../../shared/limits.ts';
import { createStore } from './store.ts';

type ToastSeverity = 'SUCCESS' | 'ERROR';

/** A toast shows either a translation key or a server-provided text (which wins when present). */
export interface Toast {
  id: number;
  severity: ToastSeverity;
  messageKey?: string;
  text?: string;
}

export type ToastMessage = { messageKey: string; text?: string } | { messageKey?: string; text: string };

/** How long a success toast stays before it closes by itself; an error stays until closed. */
export const TOAST_VISIBLE_MS = 6000;

export const toastStore = createStore<Toast[]>([]);
let nextId = 1;
const timers = new Set<ReturnType<typeof setTimeout>>();

function later(run: () => void, ms: number): void {
  const timer = setTimeout(() => {
    timers.delete(timer);
    run();
  }, ms);
  timers.add(timer);
}

export function dismissToast(id: number): void {
  toastStore.set((toasts) => toasts.filter((toast) => toast.id !== id));
}

/** Toasts appear after TOAST_DELAY_MS (spec section 8), so a page change in between does not swallow them. */
function showToast(severity: ToastSeverity, message: ToastMessage): void {
  const toast: Toast = { id: nextId++, severity, ...message };
  later(() => {
    toastStore.set((toasts) => [...toasts, toast]);
    // An error may need reading twice or acting on: it waits for its close button.
    if (severity === 'SUCCESS') later(() => dismissToast(toast.id), TOAST_VISIBLE_MS);
  }, TOAST_DELAY_MS);
}

export const toastSuccess = (messageKey: string) => showToast('SUCCESS', { messageKey });
export const toastError = (message: ToastMessage) => showToast('ERROR', message);

export function clearToasts(): void {
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
  toastStore.set([]);
}
