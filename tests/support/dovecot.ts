import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { type AddressInfo, connect, createServer } from "node:net";
import { userInfo } from "node:os";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ImapFlow } from "imapflow";

export interface Dovecot {
  host: "127.0.0.1";
  port: number;
  user: string;
  password: string;
  pid: number;
  output: () => string;
  stop(): Promise<void>;
}

const DOVECOT = "/usr/sbin/dovecot";

/** A free loopback port (closed again at once, for dovecot to take). */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, "close");
  return port;
}

function systemUser(name: string): { uid: number; gid: number } | null {
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${name}:`));
  if (!line) return null;
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * A throwaway Dovecot IMAP server for one test file: everything (config,
 * sockets, logs, the maildir) under a temp dir, listening on 127.0.0.1 on a
 * free port, without TLS (the reader's plain mode is allowed for loopback
 * only), one user from a passwd-file. It runs in the foreground as our child
 * and is stopped by its pid. Given a port (a server stopped before), it takes that one. As root, Dovecot's own unprivileged users run its
 * processes and `nobody` owns the mail; as anyone else, that user runs it all.
 */
export async function startDovecot({
  user = "alerts",
  password = "mailbox-pass-1",
  port: wanted,
}: { user?: string; password?: string; port?: number } = {}): Promise<Dovecot> {
  const dir = mkdtempSync(join(tmpdir(), "dovecot-test-"));
  const port = wanted ?? (await freePort());
  const root = process.getuid?.() === 0;
  const mailOwner = root
    ? (systemUser("nobody") ?? { uid: 65534, gid: 65534 })
    : { uid: userInfo().uid, gid: userInfo().gid };
  const internal = root ? (systemUser("dovecot") ? "dovecot" : "nobody") : userInfo().username;
  const login = root ? (systemUser("dovenull") ? "dovenull" : "nobody") : userInfo().username;
  // Dovecot's unprivileged processes read the passwd-file and reach the maildir through this dir.
  if (root) chmodSync(dir, 0o755);
  for (const sub of ["run", "state", "mail"]) mkdirSync(join(dir, sub));
  if (root) chownSync(join(dir, "mail"), mailOwner.uid, mailOwner.gid);
  writeFileSync(join(dir, "passwd"), `${user}:{PLAIN}${password}::::::\n`);

  const conf = join(dir, "dovecot.conf");
  writeFileSync(
    conf,
    [
      "protocols = imap",
      "listen = 127.0.0.1",
      `base_dir = ${dir}/run`,
      `state_dir = ${dir}/state`,
      `log_path = ${dir}/dovecot.log`,
      `info_log_path = ${dir}/dovecot.log`,
      "ssl = no",
      "disable_plaintext_auth = no",
      "auth_mechanisms = plain login",
      `default_internal_user = ${internal}`,
      `default_login_user = ${login}`,
      "first_valid_uid = 1",
      `mail_location = maildir:${dir}/mail/%u`,
      "imap_idle_notify_interval = 1 secs",
      `passdb {\n  driver = passwd-file\n  args = scheme=PLAIN username_format=%u ${dir}/passwd\n}`,
      `userdb {\n  driver = static\n  args = uid=${mailOwner.uid} gid=${mailOwner.gid} home=${dir}/mail/%u\n}`,
      `service imap-login {\n  inet_listener imap {\n    address = 127.0.0.1\n    port = ${port}\n  }\n  inet_listener imaps {\n    port = 0\n  }\n}`,
      "",
    ].join("\n"),
  );

  const child: ChildProcess = spawn(DOVECOT, ["-F", "-c", conf], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const log = () => {
    try {
      return `${out}${readFileSync(join(dir, "dovecot.log"), "utf8")}`;
    } catch {
      return out;
    }
  };

  await waitForGreeting(port, child, log);
  return {
    host: "127.0.0.1",
    port,
    user,
    password,
    pid: child.pid!,
    output: log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, "exit");
        process.kill(child.pid!, "SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForGreeting(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`dovecot exited with ${child.exitCode}:\n${log()}`);
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("data", (d) => {
        socket.destroy();
        resolve(d.toString().startsWith("* OK"));
      });
      socket.once("error", () => resolve(false));
    });
    if (greeted) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  process.kill(child.pid!, "SIGTERM");
  throw new Error(`dovecot did not start:\n${log()}`);
}

/** The bank-alert mailbox form the operator fills in Settings for this Dovecot (INBOX), `fields` over it. */
export function mailboxForm(dovecot: Dovecot, fields: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "mailbox-save",
    host: dovecot.host,
    port: String(dovecot.port),
    username: dovecot.user,
    mailboxPassword: dovecot.password,
    folder: "INBOX",
    ...fields,
  };
}

/** An IMAP client signed in to this Dovecot, its INBOX open: how a test delivers or looks at the bank's mail. */
export async function imapClient(dovecot: Dovecot): Promise<ImapFlow> {
  const imap = new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    auth: { user: dovecot.user, pass: dovecot.password },
    logger: false,
  });
  imap.on("error", () => {});
  await imap.connect();
  await imap.mailboxOpen("INBOX");
  return imap;
}
