import { useNavigate } from '@tanstack/react-router';
import type { ComponentType, ReactNode } from 'react';
import { useCallback } from 'react';

export interface DialogRouteProps {
  /** The page the dialog belongs to, rendered underneath it. */
  parent: ComponentType;
  /** The parent page's path (unprefixed; the router adds `/en`). Closing the dialog goes there. */
  parentPath: string;
  /** Renders the dialog, open; `close` returns to the parent page (after a save or a cancel). */
  dialog: (close: () => void) => ReactNode;
}

/**
 * DESIGN §8: a dialog route renders its parent page with the dialog open; closing returns to the parent.
 * Route files stay one line: `component: () => <DialogRoute parent={TitlePage} parentPath="/Account/TitlePage" dialog={(close) => <EditTitleDialog open onClose={close} />} />`.
 */
export function DialogRoute({ parent: Parent, parentPath, dialog }: DialogRouteProps) {
  const navigate = useNavigate();
  const close = useCallback(() => void navigate({ to: parentPath as never }), [navigate, parentPath]);
  return (
    <>
      <Parent />
      {dialog(close)}
    </>
  );
}
