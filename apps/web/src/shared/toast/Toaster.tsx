import { TOAST_OFFSET_PX } from '@keel/contract/constants';
import { lazy, Suspense } from 'react';
import { type ToastItem, useToasts } from './toast-store';

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
  import('./ToastCards').then(
    (m) => ({ default: m.ToastCards }),
    () => ({ default: PlainToasts }),
  ),
);

/**
 * Renders the toast stack at the top centre, 16 px from the edge. The live region is there from the start (so
 * that screen readers announce what arrives); the toasts themselves are drawn by `ToastCards`, a chunk fetched
 * right after the first render (it is not on the first load's critical path, and is in place before any toast).
 */
export function Toaster() {
  const items = useToasts((s) => s.items);
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
      <Suspense fallback={null}>
        <ToastCards items={items} />
      </Suspense>
    </div>
  );
}
