import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { vi } from "vitest";

export const ORIGIN = "https://shop.example";

/**
 * A worker in public/ (`admin-sw.js`, `buyer-sw.js`) run as a browser would,
 * against a fake `self` on ORIGIN: its listeners, what it shows, and `dispatch`
 * that waits for what the listener handed to `waitUntil`.
 */
export function loadServiceWorker(file: string, clients: Record<string, unknown>) {
  const source = readFileSync(new URL(`../../public/${file}`, import.meta.url), "utf8");
  const listeners = new Map<string, (event: unknown) => void>();
  const self = {
    location: new URL(`${ORIGIN}/${file}`),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: { showNotification: vi.fn(() => Promise.resolve()) },
    clients: { openWindow: vi.fn(() => Promise.resolve(null)), ...clients },
  };
  runInNewContext(source, { self, URL });
  const dispatch = async (type: string, event: object) => {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => pending.push(p) });
    await Promise.all(pending);
  };
  return { self, listeners, dispatch };
}

/** A tap on a notification that carries `url`. */
export const tap = (url: unknown) => ({ notification: { close: vi.fn(), data: { url } } });
