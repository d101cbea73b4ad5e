import type { AuthDeviceHead } from '@keel/contract/endpoints/security-device-auth';
import { id } from '@keel/contract/envelope';
import type { ComponentType } from 'react';
import { z } from 'zod';
import { apiQuery } from '../../../shared/api/query';

/** The device the detail page shows (`?deviceId=`) and the space the settings page had chosen (`?sid=`, kept for the way back). */
export const DEVICE_DETAIL_SEARCH = z.object({ deviceId: id(), sid: id() }).partial();

/** A device's head and functions in every security space the member reaches (one read the page and sections share). */
export const deviceFuncsQuery = (deviceId: string) => apiQuery('da/getDeviceFuncAuth', { deviceId });

/** What every section of the detail page is given: the device, its head already read. */
export interface DeviceDetailSectionProps {
  deviceId: string;
  device: AuthDeviceHead;
}

/** A section of the detail page: a component of its own, with a key (and test id) that names it. */
export interface DeviceDetailSection {
  key: string;
  component: ComponentType<DeviceDetailSectionProps>;
}
