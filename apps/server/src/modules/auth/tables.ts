/** The tables modules/auth owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface AuthTables {
  codes: CodesTable;
  login_failures: LoginFailuresTable;
}

export interface CodesTable {
  id: string;
  phone: string;
  purpose: string;
  code_hash: string;
  expires_at: number;
  used_at: number | null;
  attempts: number;
  created_at: number;
}

export interface LoginFailuresTable {
  account: string;
  failures: number;
  locked_until: number;
  updated_at: number;
}
