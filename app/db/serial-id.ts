/**
 * Row ids are PostgreSQL `serial` (int4) values on one engine and SQLite
 * integers on the other: a larger number names no row, and on PostgreSQL it
 * fails the query itself, so forms refuse it before any query sees it.
 */
export const MAX_SERIAL_ID = 2_147_483_647;
