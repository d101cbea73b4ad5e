import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Organisations (modules/org): one tree per property, members placed on nodes, invitations and join
 * requests. Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A member's node; null means the root (the property itself), so members added by any path are placed.
  await db.schema.alterTable('property_members').addColumn('oid', 'text').execute();
  await db.schema
    .createIndex('property_members_node')
    .on('property_members')
    .columns(['pno', 'oid', 'joined_at', 'uid'])
    .execute();
  await db.schema
    .createIndex('property_members_joined')
    .on('property_members')
    .columns(['pno', 'joined_at', 'uid'])
    .execute();
  await db.schema.createIndex('users_created').on('users').columns(['created_at', 'uid']).execute();

  // Members per node, kept exact by triggers whoever writes property_members (this module, property creation,
  // seeds): trees and list totals read these few rows instead of counting 100 000 memberships per request.
  // `oid_key` '' is the root.
  await db.schema
    .createTable('org_member_counts')
    .addColumn('pno', 'text', (c) => c.notNull())
    .addColumn('oid_key', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('org_member_counts_pk', ['pno', 'oid_key'])
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function org_member_count() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then
          update org_member_counts set n = n - 1 where pno = old.pno and oid_key = coalesce(old.oid, '');
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into org_member_counts (pno, oid_key, n) values (new.pno, coalesce(new.oid, ''), 1)
            on conflict (pno, oid_key) do update set n = org_member_counts.n + 1;
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger property_members_count after insert or delete or update of pno, oid on property_members
      for each row execute procedure org_member_count()`.execute(db);
  } else {
    await sql`
      create trigger property_members_count_ins after insert on property_members begin
        insert into org_member_counts (pno, oid_key, n) values (new.pno, coalesce(new.oid, ''), 1)
          on conflict (pno, oid_key) do update set n = n + 1;
      end`.execute(db);
    await sql`
      create trigger property_members_count_del after delete on property_members begin
        update org_member_counts set n = n - 1 where pno = old.pno and oid_key = coalesce(old.oid, '');
      end`.execute(db);
    await sql`
      create trigger property_members_count_upd after update of pno, oid on property_members begin
        update org_member_counts set n = n - 1 where pno = old.pno and oid_key = coalesce(old.oid, '');
        insert into org_member_counts (pno, oid_key, n) values (new.pno, coalesce(new.oid, ''), 1)
          on conflict (pno, oid_key) do update set n = n + 1;
      end`.execute(db);
  }
  await sql`
    insert into org_member_counts (pno, oid_key, n)
    select pno, coalesce(oid, ''), count(*) from property_members group by pno, coalesce(oid, '')`.execute(db);

  // The root has no row: its id is `root-<pno>` and top-level nodes carry it as `pid`.
  await db.schema
    .createTable('orgs')
    .addColumn('oid', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('pid', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orgs_sibling_name').on('orgs').columns(['pno', 'pid', 'name']).unique().execute();

  await db.schema
    .createTable('org_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.references('users.uid'))
    .addColumn('oid', 'text')
    .addColumn('inviter_uid', 'text')
    .addColumn('reviewer_uid', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .execute();
  await db.schema.createIndex('org_requests_pno').on('org_requests').columns(['pno', 'status', 'created_at']).execute();
  await db.schema.createIndex('org_requests_phone').on('org_requests').columns(['phone', 'status']).execute();
  await db.schema.createIndex('org_requests_uid').on('org_requests').columns(['uid', 'status']).execute();
  // At most one open invitation and one open join request per phone and property, even under races.
  await sql`create unique index org_requests_open on org_requests (pno, kind, phone) where status = 'pending'`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
