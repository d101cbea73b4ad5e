import { useNavigate } from '@tanstack/react-router';
import type { ComponentType, ReactNode } from 'react';
import { useCallback, useMemo } from 'react';
import { useSearchRecord } from '../api/search-of';

export interface DialogRouteProps {
  /** The page the dialog belongs to, rendered underneath it. */
  parent: ComponentType;
  /** The parent page's path (unprefixed; the router adds `/en`). Closing the dialog goes there. */
  parentPath: string;
  /** Renders the dialog, open; `close` returns to the parent page (after a save or a cancel). */
  dialog: (close: () => void) => ReactNode;
  /** Search params of the parent page that the dialog's URL carries and closing takes back (the selected node). */
  keep?: readonly string[];
}

/**
 * architecture §8: a dialog route renders its parent page with the dialog open; closing returns to the parent.
 * Route files stay one line: `component: () => <DialogRoute parent={TitlePage} parentPath="/Account/TitlePage" dialog={(close) => <EditTitleDialog open onClose={close} />} />`.
 */
export function DialogRoute({ parent: Parent, parentPath, dialog, keep }: DialogRouteProps) {
  const navigate = useNavigate();
  const search = useSearchRecord();
  const keptKey = JSON.stringify(Object.fromEntries((keep ?? []).map((key) => [key, search[key]])));
  const kept = useMemo(() => JSON.parse(keptKey) as Record<string, unknown>, [keptKey]);
  const close = useCallback(
    () => void navigate({ to: parentPath as never, search: kept as never }),
    [navigate, parentPath, kept],
  );
  return (
    <>
      <Parent />
      {dialog(close)}
    </>
  );
}
