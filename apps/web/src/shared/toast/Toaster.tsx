import { TOAST_OFFSET_PX } from '@keel/contract/constants';
import { lazy, Suspense, useEffect } from 'react';
import { type ToastItem, useToasts } from './toast-store';

const loadCards = () => import('./ToastCards');

/** Should the chunk not load (the network gone): the toasts' texts, plainly, rather than none. */
function PlainToasts({ items }: { items: readonly ToastItem[] }) {
  return (
    <>
      {items.map((item) => (
        <div key={item.id} role="status" data-testid="toast" data-type={item.type} style={{ background: '#fff' }}>
          <span data-testid="toast-text">{item.text}</span>
        </div>
      ))}
    </>
  );
}

const ToastCards = lazy(() =>
  loadCards().then(
    (m) => ({ default: m.ToastCards }),
    () => ({ default: PlainToasts }),
  ),
);

/**
 * Renders the toast stack at the top centre, 16 px from the edge. The live region is there from the start (so
 * that screen readers announce what arrives); the toasts themselves are drawn by `ToastCards`, fetched when the
 * browser is first idle.
 */
export function Toaster() {
  const items = useToasts((s) => s.items);
  useEffect(() => {
    const load = () => void loadCards().catch(() => undefined);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(load, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(load, 1000);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div
      aria-live="polite"
      style={{
        position: 'fixed',
        top: TOAST_OFFSET_PX,
        left: 0,
        right: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 8,
        zIndex: 2000,
        pointerEvents: 'none',
      }}
    >
      {items.length > 0 && (
        <Suspense fallback={null}>
          <ToastCards items={items} />
        </Suspense>
      )}
    </div>
  );
}
