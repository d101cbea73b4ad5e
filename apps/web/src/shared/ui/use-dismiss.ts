import { type RefObject, useEffect } from 'react';

/**
 * While `open`, closes a popover on a pointer press outside `root` or on Escape anywhere (focus may have moved out
 * of the popover). `onClose(viaKeyboard)` decides where focus goes: back to the trigger after Escape.
 */
export function useDismiss(open: boolean, root: RefObject<HTMLElement | null>, onClose: (viaEscape: boolean) => void) {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: Event) => {
      const target = event.target as Node | null;
      if (target && root.current?.contains(target)) return;
      onClose(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      onClose(true);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, root, onClose]);
}

/** The index a list key moves to (ArrowUp/Down wrap, Home/End), or `undefined` for other keys. */
export function moveIndex(key: string, current: number, count: number): number | undefined {
  if (count === 0) return undefined;
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : (current + 1) % count;
    case 'ArrowUp':
      return current < 0 ? count - 1 : (current - 1 + count) % count;
    case 'Home':
    case 'PageUp':
      return 0;
    case 'End':
    case 'PageDown':
      return count - 1;
    default:
      return undefined;
  }
}
