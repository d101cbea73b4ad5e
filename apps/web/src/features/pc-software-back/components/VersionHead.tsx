import type { SoftVersionHead } from '@keel/contract/endpoints/pc-software';
import { formatTime } from '../../../shared/format/time';

/** The latest version of a channel: its number and when it was released, or a dash. */
export function VersionHead({ head }: { head: SoftVersionHead | null }) {
  if (!head) return <span>—</span>;
  return (
    <span title={head.releasedAt ? formatTime(head.releasedAt) : undefined} translate="no">
      {head.version}
    </span>
  );
}
