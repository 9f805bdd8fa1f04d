import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database.server";

/**
 * A trigram index over what the admin search looks in (target and order id),
 * so a term that matches few orders is found without reading every order:
 * FTS5's trigram tokenizer on SQLite, pg_trgm on PostgreSQL. Both answer
 * case-insensitive substring searches, which is what the orders list offers.
 */
export function orderSearch(dialect: Dialect) {
  if (dialect === "postgres") {
    return {
      async up(db: Kysely<any>) {
        // pg_trgm ships with PostgreSQL and is a trusted extension (a database owner may create it);
        // where a server lacks it, searches still work, by reading the rows as before.
        const available = await sql<{ n: number }>`
          select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
        if (available.rows[0]?.n !== 1) return;
        await sql`create extension if not exists pg_trgm`.execute(db);
        await sql`create index orders_target_trgm on orders using gin (lower(target) gin_trgm_ops)`.execute(db);
        await sql`create index orders_order_id_trgm on orders using gin (order_id gin_trgm_ops)`.execute(db);
      },
      async down(db: Kysely<any>) {
        await sql`drop index if exists orders_target_trgm`.execute(db);
        await sql`drop index if exists orders_order_id_trgm`.execute(db);
      },
    };
  }
  return {
    async up(db: Kysely<any>) {
      await sql`create virtual table orders_search using fts5(
        target, order_id, content = 'orders', content_rowid = 'id', tokenize = 'trigram')`.execute(db);
      await sql`create trigger orders_search_insert after insert on orders begin
        insert into orders_search (rowid, target, order_id) values (new.id, new.target, new.order_id);
      end`.execute(db);
      await sql`create trigger orders_search_delete after delete on orders begin
        insert into orders_search (orders_search, rowid, target, order_id)
          values ('delete', old.id, old.target, old.order_id);
      end`.execute(db);
      await sql`create trigger orders_search_update after update of target, order_id on orders begin
        insert into orders_search (orders_search, rowid, target, order_id)
          values ('delete', old.id, old.target, old.order_id);
        insert into orders_search (rowid, target, order_id) values (new.id, new.target, new.order_id);
      end`.execute(db);
      await sql`insert into orders_search (orders_search) values ('rebuild')`.execute(db);
    },
    async down(db: Kysely<any>) {
      for (const trigger of ["orders_search_insert", "orders_search_delete", "orders_search_update"]) {
        await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
      }
      await sql`drop table if exists orders_search`.execute(db);
    },
  };
}
