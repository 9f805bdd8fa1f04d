import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

/**
 * Restarts without a failed request (issue 52, point 5; docs/deploy.md,
 * Upgrading):
 *
 * - The listening socket can be systemd's (deploy/boostkaro.socket, the
 *   LISTEN_FDS protocol): it stays open while the shop restarts, so
 *   connections wait in the kernel's queue for the next process instead of
 *   being refused.
 * - A stopping shop closes no connection a proxy may be sending on: a
 *   kept-alive connection from Caddy is Caddy's to close (it does after 3 s
 *   idle, deploy/Caddyfile); requests still coming on it are answered, with
 *   `Connection: close`. Closing it first is the race in which a POST is
 *   written to a connection the server has just closed: an empty 502.
 *   Connections of clients that are not a proxy are closed when idle, as
 *   before.
 */

/** The socket systemd passed (LISTEN_FDS=1 for this process), as `listen`'s argument; null when none. */
export function inheritedSocket(env: NodeJS.ProcessEnv = process.env, pid = process.pid): { fd: number } | null {
  if (env.LISTEN_FDS !== "1" || env.LISTEN_PID !== String(pid)) return null;
  // sd_listen_fds(3): the first passed descriptor is 3. Not handed down to child processes.
  delete env.LISTEN_FDS;
  delete env.LISTEN_PID;
  delete env.LISTEN_FDNAMES;
  return { fd: 3 };
}

interface Tracked {
  inFlight: Set<ServerResponse>;
  proxied: boolean;
}

const FORWARDED = ["x-forwarded-for", "forwarded", "via"];

export interface ConnectionTracker {
  /** Stops accepting; answers on with Connection: close; resolves once every connection has closed (or at timeoutMs). */
  drain(timeoutMs: number): Promise<void>;
}

export function trackConnections(server: Server): ConnectionTracker {
  const sockets = new Map<Socket, Tracked>();
  let draining = false;
  server.on("connection", (socket: Socket) => {
    sockets.set(socket, { inFlight: new Set(), proxied: false });
    socket.once("close", () => sockets.delete(socket));
  });
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    const tracked = sockets.get(req.socket);
    if (!tracked) return;
    if (FORWARDED.some((h) => h in req.headers)) tracked.proxied = true;
    tracked.inFlight.add(res);
    if (draining) res.setHeader("Connection", "close");
    res.once("close", () => {
      tracked.inFlight.delete(res);
      // Idle, not a proxy's, and the shop is stopping: close it now.
      if (draining && tracked.inFlight.size === 0 && !tracked.proxied) req.socket.end();
    });
  });
  return {
    drain(timeoutMs) {
      draining = true;
      return new Promise<void>((done) => {
        const force = setTimeout(() => {
          server.closeAllConnections();
          done();
        }, timeoutMs);
        force.unref();
        // net.Server's close: stops accepting without http.Server's closing of idle connections.
        NetServer.prototype.close.call(server, () => {
          clearTimeout(force);
          done();
        });
        for (const [socket, tracked] of sockets) {
          for (const res of tracked.inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
          if (tracked.inFlight.size === 0 && !tracked.proxied) socket.end();
        }
      });
    },
  };
}
