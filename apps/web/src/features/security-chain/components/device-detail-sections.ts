import { DeviceFuncsSection } from './DeviceFuncsSection';
import { DeviceRecordsSection } from './DeviceRecordsSection';
import type { DeviceDetailSection } from './device-detail';
import { UseFuncSection } from './UseFuncSection';

/**
 * The sections of the device settings detail page, in order, below the device's head. Each is a component of its
 * own taking the device (`DeviceDetailSectionProps`): its functions, "use a function" (a token, or a routed command
 * and its answer), and its records and routed commands.
 */
export const DEVICE_DETAIL_SECTIONS: readonly DeviceDetailSection[] = [
  { key: 'functions', component: DeviceFuncsSection },
  { key: 'use', component: UseFuncSection },
  { key: 'records', component: DeviceRecordsSection },
];
