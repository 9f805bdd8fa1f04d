import { sql } from "kysely";
import type { DB } from "~/db/database.server";

/**
 * A job's work for the lease tests: items done by appending a row to `lease_work_done`, with no claim of
 * their own (no key, no lock), so only the job's lease (app/domain/jobs/job-leases.server.ts) stands
 * between an item and its being done twice.
 */
export async function createWork(db: DB, items: number): Promise<void> {
  await sql`create table lease_work_items (item integer primary key)`.execute(db);
  await sql`create table lease_work_done (item integer not null, runner text not null)`.execute(db);
  for (let item = 1; item <= items; item++) await sql`insert into lease_work_items (item) values (${item})`.execute(db);
}

/** Does the first item nobody has done yet; false when none is left. */
export async function doNextItem(db: DB, runner: string): Promise<boolean> {
  const { rows } = await sql<{ item: number }>`
    select item from lease_work_items
    where item not in (select item from lease_work_done) order by item limit 1`.execute(db);
  const next = rows[0];
  if (!next) return false;
  await sql`insert into lease_work_done (item, runner) values (${next.item}, ${runner})`.execute(db);
  return true;
}

export async function workDone(db: DB): Promise<{ item: number; runner: string }[]> {
  const { rows } = await sql<{ item: number; runner: string }>`
    select item, runner from lease_work_done order by item, runner`.execute(db);
  return rows.map((r) => ({ item: Number(r.item), runner: r.runner }));
}
