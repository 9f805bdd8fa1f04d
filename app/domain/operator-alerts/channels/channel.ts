import type { AlertMessage } from "../format";
import type { ChannelResult } from "../retry";

/** One way to reach the operator. `send` never throws: it answers ok, retry later, or give up. */
export interface AlertSender {
  send(message: AlertMessage): Promise<ChannelResult>;
}

/** How long one send may take before it counts as failed (and is retried). */
export const SEND_TIMEOUT_MS = 20_000;
