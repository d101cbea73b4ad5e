import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons/InfoCircleFilled';
import type { ToastType } from '@keel/contract/constants';
import type { ReactNode } from 'react';
import { badgeCount, type ToastItem } from './toast-store';

const looks: Record<ToastType, { color: string; icon: ReactNode }> = {
  primary: { color: '#1677ff', icon: <InfoCircleFilled /> },
  success: { color: '#52c41a', icon: <CheckCircleFilled /> },
  warning: { color: '#faad14', icon: <ExclamationCircleFilled /> },
  error: { color: '#ff4d4f', icon: <CloseCircleFilled /> },
  info: { color: '#8c8c8c', icon: <InfoCircleFilled /> },
};

/**
 * The toasts of the stack (Toaster.tsx), with their icons: a chunk of its own, fetched after the first render, so
 * that the first load does not wait for the icons nor this markup.
 */
export function ToastCards({ items }: { items: readonly ToastItem[] }) {
  return (
    <>
      {items.map((item) => {
        const badge = badgeCount(item.count);
        return (
          <div
            key={item.id}
            role={item.type === 'error' || item.type === 'warning' ? 'alert' : 'status'}
            data-testid="toast"
            data-type={item.type}
            style={{
              position: 'relative',
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              padding: '9px 14px',
              background: '#fff',
              borderRadius: 8,
              boxShadow: '0 6px 16px rgba(0,0,0,0.12)',
              fontSize: 14,
              pointerEvents: 'auto',
              maxWidth: 'min(560px, 90vw)',
            }}
          >
            <span style={{ color: looks[item.type].color, display: 'inline-flex' }}>{looks[item.type].icon}</span>
            <span data-testid="toast-text">{item.text}</span>
            {badge !== null && (
              <span
                data-testid="toast-count"
                style={{
                  position: 'absolute',
                  top: -8,
                  right: -8,
                  minWidth: 20,
                  height: 20,
                  padding: '0 6px',
                  borderRadius: 10,
                  background: '#ff4d4f',
                  color: '#fff',
                  fontSize: 12,
                  lineHeight: '20px',
                  textAlign: 'center',
                }}
              >
                {badge}
              </span>
            )}
          </div>
        );
      })}
    </>
  );
}
