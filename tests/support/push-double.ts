import { execFileSync } from "node:child_process";
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { type Server, createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A browser push service for tests (RFC 8030): HTTPS on 127.0.0.1 with a
 * self-signed certificate (give the shop `certFile` as NODE_EXTRA_CA_CERTS),
 * one endpoint per device it makes. It keeps each push, decrypted with the
 * device's keys (aes128gcm, RFC 8291) as the browser would, and answers 201,
 * or 410 Gone for a device marked gone.
 */

export interface PushDevice {
  /** The subscription as a browser's PushSubscription.toJSON() gives it. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  received: Array<{ payload: string; headers: Record<string, string | string[] | undefined> }>;
  gone: boolean;
}

export interface PushDouble {
  certFile: string;
  device(): PushDevice;
  stop(): Promise<void>;
}

export async function startPushDouble(): Promise<PushDouble> {
  const dir = mkdtempSync(join(tmpdir(), "push-double-"));
  const certFile = join(dir, "cert.pem");
  const keyFile = join(dir, "key.pem");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"].concat([
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      keyFile,
      "-out",
      certFile,
    ]),
    { stdio: "ignore" },
  );
  const devices = new Map<string, PushDevice & { decrypt: (body: Buffer) => string }>();
  const server: Server = createServer({ key: readFileSync(keyFile), cert: readFileSync(certFile) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const device = devices.get(req.url ?? "");
      if (!device || device.gone) return res.writeHead(device ? 410 : 404).end();
      device.received.push({ payload: device.decrypt(Buffer.concat(chunks)), headers: req.headers });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    certFile,
    device() {
      const path = `/push/${randomBytes(8).toString("hex")}`;
      const ecdh = createECDH("prime256v1");
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const device = {
        subscription: {
          endpoint: `https://127.0.0.1:${port}${path}`,
          keys: { p256dh: publicKey.toString("base64url"), auth: auth.toString("base64url") },
        },
        received: [],
        gone: false,
        decrypt: (body: Buffer) => decryptAes128gcm(body, ecdh, publicKey, auth),
      };
      devices.set(path, device);
      return device;
    },
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** RFC 8291 / RFC 8188, one record: what the browser does with a push before the service worker sees it. */
function decryptAes128gcm(
  body: Buffer,
  ecdh: ReturnType<typeof createECDH>,
  uaPublic: Buffer,
  authSecret: Buffer,
): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then padding zeros.
  return plain.subarray(0, plain.lastIndexOf(2)).toString("utf8");
}
