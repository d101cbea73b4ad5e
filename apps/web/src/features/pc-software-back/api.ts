import type { EndpointPath } from '@keel/contract/endpoints/index';

/**
 * What a change of a platform main tool or of its grants shows in: the operators' lists of software, and the main
 * tools a property sees (a granted one among them).
 */
export const BACK_SOFT_READS = [
  'soft/getAllSoftInfoList',
  'soft/getPlatformMainToolList',
  'soft/getPlatformGrantList',
  'soft/getMainToolList',
] as const satisfies readonly EndpointPath[];
