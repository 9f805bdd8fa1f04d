import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "~/lib/server/logger.server";
import type { BackgroundJobs } from "./jobs";

export interface RunningJobControl {
  url: string;
  close(): Promise<void>;
}

/**
 * The tests' clock for the background jobs (JOB_CONTROL_PORT): `POST /jobs/run`
 * runs one tick of every job now, after any tick in progress, and answers 204
 * once they have all finished. A test asks for the jobs' turn instead of
 * sleeping through their interval, as the panel simulator's
 * `/simulator/advance` moves the panel's clock. Nothing else is answered, and
 * it listens on 127.0.0.1 only: running a job early does nothing a job would
 * not do on its own a few seconds later.
 */
export async function startJobControl(jobs: BackgroundJobs, port: number, logger: Logger): Promise<RunningJobControl> {
  const server: Server = createServer((req, res) => {
    if (req.url !== "/jobs/run") return void res.writeHead(404).end();
    if (req.method !== "POST") return void res.writeHead(405, { allow: "POST" }).end();
    req.resume();
    jobs.runNow().then(
      () => res.writeHead(204).end(),
      (error: unknown) => {
        logger.error({ err: error }, "jobs run on request failed");
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", fail);
      ok();
    });
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A warning, so it shows at any log level: whoever can reach this port can run the jobs at will.
  logger.warn({ jobControl: url }, "job control listening (for tests): POST /jobs/run runs every job now");
  return {
    url,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
