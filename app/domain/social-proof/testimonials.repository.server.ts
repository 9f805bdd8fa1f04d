import type { Updateable } from "kysely";
import type { DB } from "~/db/database.server";
import type { TestimonialInput } from "./forms";
import type { TestimonialRow, TestimonialTable } from "./table";

/** The `testimonials` table's SQL. */

export function listTestimonials(db: DB): Promise<TestimonialRow[]> {
  return db.selectFrom("testimonials").selectAll().orderBy("id").execute();
}

export function listPublishedTestimonials(db: DB): Promise<TestimonialRow[]> {
  return db.selectFrom("testimonials").selectAll().where("published", "=", 1).orderBy("id").execute();
}

export async function hasPublishedTestimonial(db: DB): Promise<boolean> {
  const row = await db.selectFrom("testimonials").select("id").where("published", "=", 1).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The form's fields are the table's columns, but for the date the customer gave it. */
function columns({ date, ...same }: TestimonialInput) {
  return { ...same, given_on: date };
}

/** A new testimonial starts as a draft. */
export function insertTestimonial(db: DB, input: TestimonialInput, now: number): Promise<TestimonialRow> {
  return db
    .insertInto("testimonials")
    .values({ ...columns(input), published: 0, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findTestimonial(db: DB, id: number): Promise<TestimonialRow | undefined> {
  return db.selectFrom("testimonials").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The one UPDATE of the table: an edit or a publish, stamped with `updated_at`. */
function updateRow(
  db: DB,
  id: number,
  values: Updateable<TestimonialTable>,
  now: number,
): Promise<TestimonialRow | undefined> {
  return db
    .updateTable("testimonials")
    .set({ ...values, updated_at: now })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

export function updateTestimonialRow(
  db: DB,
  id: number,
  input: TestimonialInput,
  now: number,
): Promise<TestimonialRow | undefined> {
  return updateRow(db, id, columns(input), now);
}

export function setTestimonialPublished(
  db: DB,
  id: number,
  published: boolean,
  now: number,
): Promise<TestimonialRow | undefined> {
  return updateRow(db, id, { published: published ? 1 : 0 }, now);
}

export function deleteTestimonialRow(db: DB, id: number): Promise<TestimonialRow | undefined> {
  return db.deleteFrom("testimonials").where("id", "=", id).returningAll().executeTakeFirst();
}
