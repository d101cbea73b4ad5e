import { type ApplyTypeId, applyTypeOf } from '@keel/contract/endpoints/workflow';
import type { ComponentType } from 'react';
import { type DetailProps, SnapshotDetail } from './SnapshotDetail';
import { SoftReleaseDetail } from './SoftReleaseDetail';

/**
 * The web side of the apply-type registry: the contract names, per apply type, the detail component an auditor
 * sees (`APPLY_TYPES[].detail`); this maps those names to components. An area adds its detail here (a component
 * over the application's snapshot). Types whose area has none yet show the snapshot field by field.
 */

/** A member asking to join: who, where to and why. */
function MemberJoinDetail({ apply }: DetailProps) {
  return (
    <SnapshotDetail
      apply={apply}
      first={['name', 'phone', 'phoneNum', 'propertyName', 'orgName', 'remark']}
      testId="member-join-detail"
    />
  );
}

/** A device-function or security-route grant, or a function application: which device, function or route, for how long, why. */
function ApplyFunDetail({ apply }: DetailProps) {
  return (
    <SnapshotDetail
      apply={apply}
      first={[
        'deviceName',
        'deviceId',
        'spaceName',
        'funName',
        'funCode',
        'functionName',
        'risk',
        'routeName',
        'route',
        'validFrom',
        'validUntil',
        'startTime',
        'endTime',
        'reason',
      ]}
      keep={['deviceId']}
      testId="apply-fun-detail"
    />
  );
}

/** A terminal application: the device, its model and placement, why. */
function ApplyTerminalDetail({ apply }: DetailProps) {
  return (
    <SnapshotDetail
      apply={apply}
      first={['deviceId', 'label', 'model', 'osType', 'spaceName', 'groupName', 'reason']}
      keep={['deviceId']}
      testId="apply-terminal-detail"
    />
  );
}

const DETAILS: Readonly<Record<string, ComponentType<DetailProps>>> = {
  MemberJoinDetail,
  ApplyFunDetailDialog: ApplyFunDetail,
  ApplyTerminalDetailDialog: ApplyTerminalDetail,
  SoftReleaseDetail,
};

/** The detail component of an apply type (the generic snapshot view when its area registered none). */
export function detailOf(applyType: ApplyTypeId): ComponentType<DetailProps> {
  const name = applyTypeOf(applyType)?.detail;
  return (name && DETAILS[name]) || SnapshotDetail;
}

/**
 * The dialog route an application of a type opens in from the member approval page: its own detail dialog where
 * the specification has one, else the audit dialog.
 */
export function dialogRouteOf(applyType: ApplyTypeId): string {
  if (applyType === 'terminal') return '/BusinessProcess/ApplyTerminalDetailDialog';
  return '/BusinessProcess/AuditDialog';
}
