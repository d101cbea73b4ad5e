import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';

/**
 * The property owning a task's package (README "Shared packages"): the task's own, or the one that shared the
 * package with the task's customer property (`fw_tasks.sw_pno`, migration 0036). Its files, deltas and signed
 * manifest are read there; everything else about the task stays in the task's property.
 */
export const packageOwner = (row: { pno: string; sw_pno?: string | null }): Tenant =>
  propertyTenant(row.sw_pno ?? row.pno);
