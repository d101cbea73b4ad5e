import { nameIn } from '@keel/contract/format';
import { formatMessage, type MessageKey, messages } from '@keel/contract/status';
import { userHeads } from '../../platform/auth/reads';
import type { Services } from '../../platform/services';
import { withDeviceNames } from '../device/reads';
import type { Caller } from './caller';
import * as repo from './repo';

/**
 * The names a record or a routed command shows (README "Security routes and records"): the function's code and name,
 * the device's, the user's and a response's name, in the reader's language, each read once for a page of rows.
 */
export interface Named {
  funcCode: string;
  funcName: string;
  deviceName: string;
  userName: string;
  responseName: string;
}

/** Whose names: the property the rows are of, and the reader's language. */
export type NameReader = Pick<Caller, 't' | 'locale'>;

export async function namesOf(
  s: Services,
  c: NameReader,
  rows: readonly { func_id: string; device_id: string; uid: string; response_code: string }[],
): Promise<Named[]> {
  const funcIds = [...new Set(rows.map((r) => r.func_id))];
  const [funcs, responses, devices, users] = await Promise.all([
    repo.funcsIn(s.db, c.t, funcIds),
    repo.responsesOf(s.db, c.t, funcIds),
    withDeviceNames(s.db, c.t, rows),
    userHeads(
      s.db,
      rows.map((r) => r.uid),
    ),
  ]);
  return rows.map((r, i) => {
    const func = funcs.get(r.func_id);
    const response = r.response_code ? responses.get(r.func_id)?.find((x) => x.code === r.response_code) : undefined;
    return {
      funcCode: func?.code ?? '',
      funcName: func ? nameIn(func, c.locale) : '',
      deviceName: devices[i]?.device_name ?? '',
      userName: users.get(r.uid)?.name ?? '',
      responseName: response ? nameIn(response, c.locale) : '',
    };
  });
}

/** A refusal's reason (a status key) in the reader's language, naming the function and the device (else its id). */
export function reasonText(
  c: Caller,
  key: string,
  named: Pick<Named, 'funcName' | 'funcCode' | 'deviceName'> & { deviceId: string },
): string {
  if (!key) return '';
  if (!(key in messages)) return key;
  return formatMessage(key as MessageKey, c.locale, {
    func: named.funcName || named.funcCode,
    device: named.deviceName || named.deviceId,
    until: '—',
  });
}
