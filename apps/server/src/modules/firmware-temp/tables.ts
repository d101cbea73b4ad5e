import type { Generated } from 'kysely';

/** The tables modules/firmware-temp owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface FirmwareTempTables {
  fw_temp_files: FwTempFilesTable;
  fw_temp_devices: FwTempDevicesTable;
  fw_temp_tasks: FwTempTasksTable;
}

/** A temporary firmware file (migration 0025, modules/firmware-temp); its blob is held by `fwTempFile:<id>`. */
export interface FwTempFilesTable {
  id: string;
  pno: string;
  fid: string;
  name: string;
  size: number;
  sha256: string;
  content_type: string;
  uid: string | null;
  created_at: number;
}

/** A member's test device (migration 0025). */
export interface FwTempDevicesTable {
  pno: string;
  uid: string;
  device_id: string;
  remark: Generated<string>;
  created_at: number;
}

/** A temporary task: a file tried on some test devices (migration 0025). */
export interface FwTempTasksTable {
  id: string;
  pno: string;
  name: string;
  remark: Generated<string>;
  file_id: string | null;
  file_name: string;
  file_size: number;
  file_sha256: string;
  /** running | finished | cancelled */
  state: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}
