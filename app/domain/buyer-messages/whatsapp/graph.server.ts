import { SEND_TIMEOUT_MS } from "~/domain/operator-alerts/channels/channel";

/**
 * The few calls the shop makes to Meta's WhatsApp Business Cloud API (the
 * Graph API), written here rather than through a client library: a text and
 * a template message, `POST {graph}/{phone-number-id}/messages` with the
 * system user's token as a Bearer token (developers.facebook.com/docs/
 * whatsapp/cloud-api/reference/messages). Only the official API: never an
 * unofficial WhatsApp Web library, which gets numbers banned.
 *
 * Answers, as Meta documents them (and as the whatsapp-api-js client types
 * them, src/types.ts `ServerMessageResponse`):
 * - 200 `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: "wamid.…", message_status? }] }`
 * - 4xx/5xx `{ error: { message, type, code, error_subcode?, error_data: { messaging_product, details }, fbtrace_id } }`
 */

export interface GraphTarget {
  /** Meta's Graph API with its version (WHATSAPP_GRAPH_URL; https://graph.facebook.com/v24.0). */
  graphUrl: string;
  phoneNumberId: string;
  accessToken: string;
}

export type GraphReply =
  | { ok: true; messageId: string }
  | { ok: false; status: number | null; code: number | null; message: string; details: string };

/** The most a text message may hold (Meta: 4096 characters). */
export const MAX_TEXT = 4096;

export function textMessage(to: string, body: string) {
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to,
    type: "text",
    text: { preview_url: false, body: body.slice(0, MAX_TEXT) },
  };
}

/** An approved template with its body's parameters, in order ({{1}}, {{2}}…). */
export function templateMessage(to: string, name: string, language: string, parameters: readonly string[]) {
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to,
    type: "template",
    template: {
      name,
      language: { code: language },
      components:
        parameters.length === 0
          ? []
          : // Meta refuses a parameter with a newline or a tab, or more than 4 spaces in a row (132018).
            [{ type: "body", parameters: parameters.map((text) => ({ type: "text", text: oneLine(text) })) }],
    },
  };
}

function oneLine(text: string): string {
  return (
    text
      .replace(/[\r\n\t]+/g, " ")
      .replace(/ {4,}/g, "   ")
      .trim() || "-"
  );
}

/**
 * Names the outbox row a message is sent for, in Meta's `biz_opaque_callback_data` (an arbitrary string of at
 * most 512 characters that Cloud API does not read and returns in the message's sent, delivered and read
 * status webhooks; Meta's messages reference, whatsapp-api-js `ClientMessageRequest`). A send whose answer
 * was lost (a timeout, a dropped connection, a worker that died) is then still known as sent by its status
 * callback, and never sent again.
 */
export function forOutboxRow<T extends object>(message: T, rowId: number): T & { biz_opaque_callback_data: string } {
  return { ...message, biz_opaque_callback_data: `${OUTBOX_CALLBACK}${rowId}` };
}

const OUTBOX_CALLBACK = "outbox:";

/** The outbox row a status callback's `biz_opaque_callback_data` names; null for none. */
export function outboxRowOf(callbackData: string | undefined): number | null {
  const match = callbackData ? /^outbox:(\d{1,15})$/.exec(callbackData) : null;
  return match ? Number(match[1]) : null;
}

export async function sendWhatsApp(target: GraphTarget, message: object): Promise<GraphReply> {
  let res: Response;
  try {
    res = await fetch(`${target.graphUrl.replace(/\/+$/, "")}/${encodeURIComponent(target.phoneNumberId)}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${target.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      redirect: "error",
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return {
      ok: false,
      status: null,
      code: null,
      message: timedOut ? "WhatsApp did not answer in time" : "Could not reach WhatsApp (Meta's Graph API)",
      details: "",
    };
  }
  const json = (await res.json().catch(() => null)) as {
    messages?: { id?: unknown }[];
    error?: { message?: unknown; code?: unknown; error_data?: { details?: unknown } };
  } | null;
  const id = json?.messages?.[0]?.id;
  if (res.ok && typeof id === "string" && id) return { ok: true, messageId: id };
  const error = json?.error;
  return {
    ok: false,
    status: res.status,
    code: typeof error?.code === "number" ? error.code : null,
    message: typeof error?.message === "string" ? error.message.slice(0, 300) : `HTTP ${res.status}`,
    details: typeof error?.error_data?.details === "string" ? error.error_data.details.slice(0, 300) : "",
  };
}

/** What to do about an error Meta answered, by its code (developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes). */
export type GraphErrorKind =
  /** Throughput or pair rate limits, Meta's own trouble: try again after a backoff. */
  | "retry"
  /** More than 24 hours since the buyer's last message: free-form text is refused; only a template may go. */
  | "reengage"
  /** The token, the permissions, the account or a template is wrong: nothing goes until the operator fixes it. */
  | "operator"
  /** This message to this buyer cannot go (not on WhatsApp, a bad parameter): give it up. */
  | "give_up";

const RATE_LIMITS = new Set([4, 80007, 130429, 131048, 131056]);
const META_TROUBLE = new Set([1, 2, 131000, 131016, 133004]);
const OPERATOR = new Set([0, 3, 10, 190, 368, 131031, 131042, 131045, 131050, 130497]);

export function graphErrorKind(reply: Extract<GraphReply, { ok: false }>): GraphErrorKind {
  const { status, code } = reply;
  if (code === 131047) return "reengage";
  if (code !== null && RATE_LIMITS.has(code)) return "retry";
  if (code !== null && META_TROUBLE.has(code)) return "retry";
  if (code !== null && (OPERATOR.has(code) || (code >= 200 && code <= 299) || (code >= 132000 && code <= 132999))) {
    return "operator";
  }
  if (status === 401 || status === 403) return "operator";
  if (status === null || status === 429 || status >= 500) return "retry";
  return "give_up";
}

/** The error in the operator's words: Meta's code, message and details (never the token). */
export function graphErrorText(reply: Extract<GraphReply, { ok: false }>): string {
  const code = reply.code !== null ? ` (${reply.code})` : reply.status !== null ? ` (HTTP ${reply.status})` : "";
  const details = reply.details && !reply.message.includes(reply.details) ? `: ${reply.details}` : "";
  return `WhatsApp${code}: ${reply.message}${details}`;
}
