import { type Kysely, sql } from 'kysely';

/**
 * Approval workflows, second part (modules/workflow README):
 * - an applicant's own applications in every property (`flowAudit/getMyApplyListByUser`, the personal scope: a user
 *   asking to join a property is not its member yet) are read from `(applicant_uid, created_at, apply_id)`;
 * - a member join is named after who applies (their name and phone) rather than the property: the auditors' lists
 *   and messages show who it is. Applications filed before take the name and phone from their snapshot.
 * Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('flow_applications_mine')
    .on('flow_applications')
    .columns(['applicant_uid', 'created_at', 'apply_id'])
    .execute();
  const rows = await sql<{ apply_id: string; snapshot: string }>`
    select apply_id, snapshot from flow_applications where apply_type = 'memberJoin'`.execute(db);
  for (const row of rows.rows) {
    let name = '';
    let phone = '';
    try {
      const snap = JSON.parse(row.snapshot) as { name?: unknown; phone?: unknown };
      name = typeof snap.name === 'string' ? snap.name.trim() : '';
      phone = typeof snap.phone === 'string' ? snap.phone : '';
    } catch {
      continue;
    }
    const subject = name ? `${name} (${phone})` : phone;
    if (!subject) continue;
    await sql`update flow_applications set subject_name = ${subject} where apply_id = ${row.apply_id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('flow_applications_mine').execute();
}
