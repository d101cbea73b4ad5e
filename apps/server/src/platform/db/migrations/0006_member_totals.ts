import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Member lists at 100 000 members (bench/tenancy.ts, modules/org): the total of an unfiltered list was a sum over
 * a property's ≤ 5 001 per-node counts on every page (a third of the request); it is now one row per property,
 * kept exact by triggers on property_members like the per-node counts (0004), and backfilled here. (A covering
 * index on orgs (pno, sort, name, …) for the tree's order was tried and left out: without statistics SQLite then
 * took it for the recursive subtree steps instead of (pno, pid, name), and a 1 111-node subtree went from 7 ms to
 * 800 ms.) Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('org_member_totals')
    .addColumn('pno', 'text', (c) => c.primaryKey())
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function org_member_total() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then
          update org_member_totals set n = n - 1 where pno = old.pno;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into org_member_totals (pno, n) values (new.pno, 1)
            on conflict (pno) do update set n = org_member_totals.n + 1;
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger property_members_total after insert or delete or update of pno on property_members
      for each row execute procedure org_member_total()`.execute(db);
  } else {
    await sql`
      create trigger property_members_total_ins after insert on property_members begin
        insert into org_member_totals (pno, n) values (new.pno, 1) on conflict (pno) do update set n = n + 1;
      end`.execute(db);
    await sql`
      create trigger property_members_total_del after delete on property_members begin
        update org_member_totals set n = n - 1 where pno = old.pno;
      end`.execute(db);
    await sql`
      create trigger property_members_total_upd after update of pno on property_members begin
        update org_member_totals set n = n - 1 where pno = old.pno;
        insert into org_member_totals (pno, n) values (new.pno, 1) on conflict (pno) do update set n = n + 1;
      end`.execute(db);
  }
  await sql`insert into org_member_totals (pno, n) select pno, count(*) from property_members group by pno`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
