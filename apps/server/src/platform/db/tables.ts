import type { Generated } from 'kysely';

/** The tables platform/db owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface CounterTables {
  /** Sequences portable across dialects (audit chain order, pno numbers). */
  counters: { name: string; value: Generated<number> };
}
