import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The credentials s3rver knows (it refuses any other access key id with InvalidAccessKeyId, 403). */
  accessKeyId: string;
  secretAccessKey: string;
  /** Stops answering (nothing listens on its port: a provider's outage), keeping what it stores. */
  pause(): Promise<void>;
  /** Answers again on the same port, with the same objects. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/** The shop's environment for this server's bucket (path-style, its keys), copies encrypted to `recipient`. */
export function bucketEnv(s3: S3Server, recipient: string, prefix = "shop/"): Record<string, string> {
  return {
    BACKUP_S3_BUCKET: s3.bucket,
    BACKUP_S3_ENDPOINT: s3.endpoint,
    BACKUP_S3_FORCE_PATH_STYLE: "true",
    BACKUP_S3_ACCESS_KEY_ID: s3.accessKeyId,
    BACKUP_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    BACKUP_S3_PREFIX: prefix,
    BACKUP_ENCRYPTION_RECIPIENT: recipient,
  };
}

/**
 * A real S3-compatible server (s3rver, from npm) on loopback, with one bucket,
 * storing objects in a folder of its own. It speaks S3's REST API (path-style
 * addressing) and checks the access key id, which is what the backup job's
 * client meets on a provider.
 */
export async function startS3Server(bucket = "shop-backups"): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), "s3rver-"));
  const listen = async (port: number) => {
    const s3 = new S3rver({
      address: "127.0.0.1",
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    return { s3, address: await s3.run() };
  };
  let { s3: server, address } = await listen(0);
  let running = true;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    async pause() {
      await server.close();
      running = false;
    },
    async resume() {
      ({ s3: server, address } = await listen(address.port));
      running = true;
    },
    async stop() {
      if (running) await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
