import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import { paidOrder, runScript } from "../support/backups";
import { testDatabases } from "../support/databases";

/**
 * The CLI acts only on the shop's real data (issue 52, point 1): it reads the
 * file the systemd unit loads (SHOP_ENV_FILE, /etc/boostkaro/shop.env by
 * default), refuses a database that is not there instead of making an empty
 * one, acts as the database's owner when run as root (every file it writes is
 * the service's) and refuses any other user, and says which database, folder
 * and bucket it used. The service's user here is `nobody`, as a system user
 * would be on a server; the commands run as root, as an owner following the
 * docs would.
 */

const NOBODY = 65_534;
const DAEMON = 1;
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "cli-guards-"));
  chmodSync(dir, 0o755);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A shop's state folder owned by the service's user, with a database in it. */
async function serviceFolder(name: string) {
  const state = join(dir, name);
  mkdirSync(state, { mode: 0o700 });
  const file = join(state, "shop.db");
  const database = openDatabase({ kind: "sqlite", file });
  await migrateToLatest(database.db, database.dialect);
  const order = await paidOrder(database.db);
  await database.close();
  for (const entry of [state, ...readdirSync(state).map((n) => join(state, n))]) chownSync(entry, NOBODY, NOBODY);
  return { state, file, order };
}

describe("CLI commands on SQLite", () => {
  it("read the service's environment file, back up the service's database and say which", async () => {
    const { state, file } = await serviceFolder("env-file");
    const envFile = join(dir, "shop.env");
    writeFileSync(
      envFile,
      `# as deploy/shop.env.example\nNODE_ENV=production\nDATABASE_URL=file:${file}\nBACKUP_DIR=${state}/backups\nBACKUP_S3_BUCKET=\n`,
    );
    // The command's own environment names no database: the file does.
    const run = await runScript("backup", ["now"], { SHOP_ENV_FILE: envFile, DATABASE_URL: "" });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain(`Using configuration ${envFile}: database SQLite ${file}; backups ${state}/backups;`);
    expect(run.output).toContain("no bucket");
    expect(run.output).toMatch(/Backed up to .*\/env-file\/backups\/database\/shop-/);
    // Every file it wrote is the service user's: the service can read and copy it.
    const backups = join(state, "backups", "database");
    for (const name of readdirSync(backups)) expect(statSync(join(backups, name)).uid).toBe(NOBODY);
    expect(statSync(join(state, "backups")).uid).toBe(NOBODY);
    const list = await runScript("backup", ["list"], { SHOP_ENV_FILE: envFile });
    expect(list.output).toMatch(/shop-\d{8}T\d{6}Z\.sqlite\.gz .*on this machine only/);
  });

  it("restore, as root, a backup kept in root's own folder (as the docs bring it to /root), as the service's files", async () => {
    const { state, file, order } = await serviceFolder("restore-from-root");
    const env = { DATABASE_URL: `file:${file}`, BACKUP_DIR: join(state, "backups") };
    expect((await runScript("backup", ["now"], env)).code).toBe(0);
    const backups = join(state, "backups", "database");
    const name = readdirSync(backups).find((n) => n.endsWith(".sqlite.gz"))!;
    // root's folder (0700) and files (0600), out of the service user's reach.
    const root = join(dir, "root-home");
    mkdirSync(root, { mode: 0o700 });
    for (const n of [name, `${name}.sha256`]) {
      writeFileSync(join(root, n), readFileSync(join(backups, n)), { mode: 0o600 });
    }
    rmSync(file);
    const run = await runScript("restore", ["--full", join(root, name)], env);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain(`Restored the whole database from ${join(root, name)}: 1 order`);
    expect(statSync(file).uid).toBe(NOBODY);
    const back = openDatabase({ kind: "sqlite", file });
    expect(await back.db.selectFrom("orders").select("order_id").execute()).toEqual([{ order_id: order.order_id }]);
    await back.close();
    // Its working copy is gone; root's backup is untouched.
    expect(readdirSync(state).filter((n) => n.startsWith(".restore-"))).toEqual([]);
    expect(statSync(join(root, name)).uid).toBe(0);
  });

  it("refuse a database that does not exist, and create nothing", async () => {
    const missing = join(dir, "code-folder", "data", "shop.db");
    for (const args of [["now"], ["list"]]) {
      const run = await runScript("backup", args, { DATABASE_URL: `file:${missing}`, BACKUP_DIR: join(dir, "nb") });
      expect(run.code, run.output).toBe(1);
      expect(run.output).toContain(`Refused: there is no database at ${missing}`);
      expect(run.output).toContain("never creates one");
    }
    const migrate = await runScript("db-migrate", [], { DATABASE_URL: `file:${missing}` });
    expect(migrate.code).toBe(1);
    expect(existsSync(join(dir, "code-folder"))).toBe(false);
    expect(existsSync(join(dir, "nb"))).toBe(false);
    // A named environment file that is not there is an error, not an empty configuration.
    const noFile = await runScript("backup", ["list"], { SHOP_ENV_FILE: join(dir, "nope.env") });
    expect(noFile.code).toBe(78);
    expect(noFile.output).toContain("no such file");
  });

  it("refuse to run as a user who does not own the database", async () => {
    const { state, file } = await serviceFolder("other-user");
    const run = await runScript(
      "backup",
      ["now"],
      { DATABASE_URL: `file:${file}`, BACKUP_DIR: join(state, "backups") },
      { uid: DAEMON, gid: DAEMON },
    );
    expect(run.code, run.output).toBe(1);
    expect(run.output).toContain(`this command runs as user id ${DAEMON}, who cannot reach ${file}`);
    // A folder it can reach, a database of another user: refused all the same.
    chmodSync(state, 0o755);
    const open = await runScript(
      "backup",
      ["now"],
      { DATABASE_URL: `file:${file}`, BACKUP_DIR: join(state, "backups") },
      { uid: DAEMON, gid: DAEMON },
    );
    expect(open.code, open.output).toBe(1);
    expect(open.output).toContain(
      `The database ${file} belongs to user id ${NOBODY}, and this command runs as user id ${DAEMON}`,
    );
    expect(existsSync(join(state, "backups"))).toBe(false);
  });
});

const postgres = testDatabases().find((d) => d.name === "postgres");
describe.runIf(postgres)("CLI commands on PostgreSQL", () => {
  it("refuse a database that holds no shop, and say which database they used", async () => {
    const empty = await postgres!.create();
    const url = empty.target.kind === "postgres" ? empty.target.url : "";
    try {
      for (const script of ["backup", "db-migrate"] as const) {
        const run = await runScript(script, script === "backup" ? ["list"] : [], {
          DATABASE_URL: url,
          BACKUP_DIR: join(dir, "pg"),
        });
        expect(run.code, run.output).toBe(1);
        expect(run.output).toMatch(/Refused: the database .* holds no shop/);
      }
      // The database is still empty: nothing was migrated into being.
      const database = openDatabase({ kind: "postgres", url });
      const tables = await database.db.introspection.getTables();
      await database.close();
      expect(tables).toEqual([]);
    } finally {
      await empty.drop();
    }
    const shop = await postgres!.createMigrated();
    try {
      const url2 = shop.target.kind === "postgres" ? shop.target.url : "";
      const run = await runScript("backup", ["now"], { DATABASE_URL: url2, BACKUP_DIR: join(dir, "pg2") });
      expect(run.output).toMatch(
        /Using configuration from this command's environment: database PostgreSQL 127\.0\.0\.1/,
      );
      expect(run.output).toContain("pg_dump");
    } finally {
      await shop.drop();
    }
  });
});
