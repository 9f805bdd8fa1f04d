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
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, from npm) on loopback, with one bucket,
 * storing objects in a folder of its own. It speaks S3's REST API (path-style
 * addressing) and checks the access key id, which is what the backup job's
 * client meets on a provider.
 */
export async function startS3Server(bucket = "shop-backups"): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
