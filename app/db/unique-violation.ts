/** A unique index refused the write (an idempotency key, an order id, a UTR, a user name), on SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return (
    e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/.test(e?.message ?? "")
  );
}
