import type { Generated } from 'kysely';

/** The tables modules/file owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface FileTables {
  files: FilesTable;
  common_files: CommonFilesTable;
}

/** A file kept in a space (migration 0014, modules/file); its bytes are the blob `sha256`, held by `file:<fid>`. */
export interface FilesTable {
  fid: string;
  pno: string;
  sid: string;
  /** A group of the space's tree, or the sid (the root). */
  group_id: string;
  name: string;
  size: number;
  sha256: string;
  content_type: string;
  uid: string | null;
  created_at: number;
  updated_at: number;
}

/** A common file of the PC software store (migration 0014, modules/file); its blob is held by `commonFile:<id>`. */
export interface CommonFilesTable {
  id: string;
  pno: string;
  name: string;
  version: Generated<string>;
  remark: Generated<string>;
  file_name: string;
  size: number;
  sha256: string;
  content_type: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}
