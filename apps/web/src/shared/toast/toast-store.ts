import { TOAST_BADGE_MAX, TOAST_DURATION_MS, type ToastType } from '@keel/contract/constants';
import { create } from 'zustand';

export interface ToastItem {
  id: number;
  type: ToastType;
  text: string;
  /** How many identical messages this one stands for. */
  count: number;
}

interface ToastState {
  items: ToastItem[];
  show(type: ToastType, text: string): void;
  dismiss(id: number): void;
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** Identical messages (same type and text) merge into one whose counter rises; each shows 3000 ms from its last. */
export const useToasts = create<ToastState>()((set, get) => ({
  items: [],
  show(type, text) {
    const existing = get().items.find((t) => t.type === type && t.text === text);
    const id = existing?.id ?? nextId++;
    if (existing) {
      set({ items: get().items.map((t) => (t.id === id ? { ...t, count: t.count + 1 } : t)) });
    } else {
      set({ items: [...get().items, { id, type, text, count: 1 }] });
    }
    clearTimeout(timers.get(id));
    timers.set(
      id,
      setTimeout(() => get().dismiss(id), TOAST_DURATION_MS),
    );
  },
  dismiss(id) {
    clearTimeout(timers.get(id));
    timers.delete(id);
    set({ items: get().items.filter((t) => t.id !== id) });
  },
}));

/** The counter badge text: nothing for one message, capped at 99. */
export function badgeCount(count: number): number | null {
  return count > 1 ? Math.min(count, TOAST_BADGE_MAX) : null;
}

const show = (type: ToastType) => (text: string) => useToasts.getState().show(type, text);

export const toast = {
  primary: show('primary'),
  success: show('success'),
  warning: show('warning'),
  error: show('error'),
  info: show('info'),
};
