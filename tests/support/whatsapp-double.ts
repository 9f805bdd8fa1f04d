import { createHmac, randomBytes } from "node:crypto";
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Meta's WhatsApp Business Cloud API (the Graph API),
 * for tests: it takes the shop's messages and plays the buyer's side of the
 * chat, sending the shop signed webhooks as Meta does. Each shape and quirk
 * below follows a public source, named where it is used:
 *
 * - [send] developers.facebook.com/docs/whatsapp/cloud-api/reference/messages:
 *   `POST /{version}/{phone-number-id}/messages`, Bearer token, answer
 *   `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id }] }`
 *   (a template's message also has `message_status: "accepted"`); the
 *   whatsapp-api-js client's `ServerSentMessageResponse` (src/types.ts).
 * - [errors] developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes and
 *   whatsapp-api-js `ServerErrorResponse`: `{ error: { message: "(#code) Title",
 *   type, code, error_data: { messaging_product, details }, error_subcode?, fbtrace_id } }`.
 *   190 (HTTP 401, OAuthException) for a wrong token; 100 (subcode 33) for an
 *   unknown phone number id; 131009 for a bad parameter; 132001 for a template
 *   not in that language; 132000 for a parameter count that does not match;
 *   130429 (throughput, HTTP 429) and 131056 (pair rate limit, HTTP 400) on demand.
 * - [async] The same page: "Cloud API errors are returned either synchronously …
 *   or asynchronously via Webhook". A text outside the 24-hour window, or to
 *   a number not on WhatsApp, is accepted (200 with a wamid) and then reported
 *   `failed` in a status webhook with `errors: [{ code: 131047 | 131026, title,
 *   message, error_data: { details }, href }]` (whatsapp-api-js `ServerError`).
 * - [webhooks] Meta's webhook references (messages, status messages) and
 *   whatsapp-api-js's fixtures test/payloads/v25/{incoming,sent,delivered}.json:
 *   `{ object: "whatsapp_business_account", entry: [{ id, changes: [{ field:
 *   "messages", value: { messaging_product, metadata: { display_phone_number,
 *   phone_number_id }, contacts, messages | statuses } }] }] }`; timestamps are
 *   Unix seconds as strings; a status `read` may come without `delivered`.
 * - [signature] `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the body with
 *   the App Secret>`, the body sent with non-ASCII characters escaped as
 *   `\uXXXX` in lower-case hex (whatsapp-api-js issue #290, quoting Meta's
 *   Messenger Platform "Validate payloads").
 * - [callback data] The messages reference and whatsapp-api-js `ClientMessageRequest` (src/types.ts):
 *   `biz_opaque_callback_data`, an arbitrary string of at most 512 characters that Cloud API does not
 *   process and returns in the message's sent, delivered and read status webhooks.
 * - [verify] Meta's webhook verification: `GET ?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…`,
 *   expecting the challenge back with 200.
 */

export const DOUBLE_PHONE_NUMBER_ID = "106540352242922";
export const DOUBLE_BUSINESS_NUMBER = "15550783881";
export const DOUBLE_ACCESS_TOKEN = "EAAJB3double0token1for2the3shop4tests5ZZZ";
export const DOUBLE_APP_SECRET = "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6";
export const DOUBLE_VERIFY_TOKEN = "verify-me-please-1234";
const VERSION = "v24.0";
const WINDOW_MS = 24 * 3600_000;

export interface SentMessage {
  to: string;
  type: string;
  text?: string;
  template?: { name: string; language: string; parameters: string[] };
  wamid: string;
  at: number;
  /** `biz_opaque_callback_data` as sent, returned in the sent/delivered/read statuses. */
  callbackData?: string;
}

/** A template the double treats as approved: its name, language and how many body parameters it has. */
export interface ApprovedTemplate {
  name: string;
  language: string;
  parameters: number;
}

export interface WhatsAppDouble {
  /** WHATSAPP_GRAPH_URL for the shop: the double with the API version. */
  graphUrl: string;
  /** The environment a shop needs to talk to this double (every WhatsApp variable). */
  env: Record<string, string>;
  /** Every message the double accepted, in order. */
  sent: SentMessage[];
  textsTo(waId: string): string[];
  templatesTo(waId: string): SentMessage[];
  /** Where the shop listens: its webhook URL is `${shopUrl}/api/whatsapp/webhook`. */
  connect(shopUrl: string): void;
  /** Templates the operator had approved (others are refused with 132001). */
  approve(templates: ApprovedTemplate[]): void;
  /** A number that is not on WhatsApp: messages to it are accepted, then reported failed with 131026. */
  notOnWhatsApp(waId: string): void;
  /** Answer the next `count` sends (to `to` only, when given) with this error code (130429, 131056, 190…). */
  failNext(code: number, options?: { count?: number; to?: string }): void;
  /**
   * Take the next send (to `to` only, when given) and then drop the connection without answering, as a
   * network that fails after Meta has the message: it is sent, and its status webhooks still come.
   */
  dropNextAnswer(options?: { to?: string }): void;
  /** Also report `read` after `delivered` (a buyer with read receipts on). */
  readReceipts: boolean;
  /** The buyer writes to the shop from `from`: a signed `messages` webhook. Returns the shop's answer. */
  buyerWrites(
    from: string,
    text: string,
    options?: { id?: string; timestamp?: number; type?: string; raw?: boolean },
  ): Promise<{ status: number; body: unknown; wamid: string }>;
  /** Sends the shop a webhook body as Meta would (signed with `secret`, the App Secret by default). */
  deliver(
    payload: unknown,
    options?: { secret?: string; signature?: string | null; escape?: boolean },
  ): Promise<{ status: number; body: unknown }>;
  /** A status webhook for one of the shop's messages (sent, delivered, read, failed). */
  report(wamid: string, status: string, errors?: unknown[]): Promise<{ status: number; body: unknown }>;
  /** Waits until every webhook the double started has been answered. */
  settle(): Promise<void>;
  stop(): Promise<void>;
}

/** Meta's escaping of the body it signs: non-ASCII as \uXXXX, lower-case hex. */
export function escapeLikeMeta(json: string): string {
  return json.replace(/[^\0-~]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

export function signLikeMeta(body: string, secret = DOUBLE_APP_SECRET): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

const ERRORS: Record<number, { http: number; type: string; title: string; details: string }> = {
  190: {
    http: 401,
    type: "OAuthException",
    title: "Invalid OAuth access token - Cannot parse access token",
    details: "",
  },
  130429: {
    http: 429,
    type: "OAuthException",
    title: "Rate limit hit",
    details: "Cloud API message throughput has been reached.",
  },
  131056: {
    http: 400,
    type: "OAuthException",
    title: "(Business Account, Consumer Account) pair rate limit hit",
    details:
      "Too many messages sent from the sender phone number to the same recipient phone number in a short period of time.",
  },
  131000: {
    http: 500,
    type: "OAuthException",
    title: "Something went wrong",
    details: "Message failed to send due to an unknown error.",
  },
  131031: {
    http: 400,
    type: "OAuthException",
    title: "Business Account locked",
    details: "Account has been locked.",
  },
};

export async function startWhatsAppDouble(): Promise<WhatsAppDouble> {
  const sent: SentMessage[] = [];
  const approved: ApprovedTemplate[] = [];
  const unreachable = new Set<string>();
  /** When each number last wrote to the business: the customer-service window. */
  const lastInbound = new Map<string, number>();
  const failing: { code: number; to?: string }[] = [];
  const dropping: { to?: string }[] = [];
  const pending = new Set<Promise<unknown>>();
  let shopUrl = "";
  let seq = 0;

  const wamid = () => `wamid.HBgM${randomBytes(12).toString("base64url")}${(seq++).toString(36)}`;
  const fbtrace = () => randomBytes(9).toString("base64url");
  const reply = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  const refuse = (
    res: ServerResponse,
    code: number,
    title: string,
    details: string,
    http = 400,
    type = "OAuthException",
  ) =>
    reply(res, http, {
      error: {
        message: `(#${code}) ${title}`,
        type,
        code,
        error_data: { messaging_product: "whatsapp", details },
        fbtrace_id: fbtrace(),
      },
    });

  const track = <T>(work: Promise<T>): Promise<T> => {
    pending.add(work);
    void work.finally(() => pending.delete(work)).catch(() => undefined);
    return work;
  };

  async function deliver(
    payload: unknown,
    {
      secret = DOUBLE_APP_SECRET,
      signature,
      escape = true,
    }: { secret?: string; signature?: string | null; escape?: boolean } = {},
  ) {
    const json = JSON.stringify(payload);
    const body = escape ? escapeLikeMeta(json) : json;
    const headers: Record<string, string> = { "content-type": "application/json" };
    const sig = signature === undefined ? signLikeMeta(body, secret) : signature;
    if (sig !== null) headers["x-hub-signature-256"] = sig;
    const res = await fetch(`${shopUrl}/api/whatsapp/webhook`, { method: "POST", headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: res.status, body: parsed };
  }

  const envelope = (value: Record<string, unknown>) => ({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: DOUBLE_BUSINESS_NUMBER, phone_number_id: DOUBLE_PHONE_NUMBER_ID },
              ...value,
            },
          },
        ],
      },
    ],
  });

  const statusPayload = (message: SentMessage, status: string, errors?: unknown[]) =>
    envelope({
      ...(errors ? {} : { contacts: [{ profile: { name: "Buyer" }, wa_id: message.to }] }),
      statuses: [
        {
          id: message.wamid,
          status,
          timestamp: String(Math.floor(Date.now() / 1000)),
          recipient_id: message.to,
          ...(message.callbackData && status !== "failed" ? { biz_opaque_callback_data: message.callbackData } : {}),
          ...(errors
            ? { errors }
            : {
                conversation: { id: "CONVERSATION_ID", origin: { type: message.template ? "utility" : "service" } },
                pricing: {
                  billable: Boolean(message.template),
                  pricing_model: "PMP",
                  type: message.template ? "regular" : "free_customer_service",
                  category: message.template ? "utility" : "service",
                },
              }),
        },
      ],
    });

  const asyncError = (code: number, title: string, details: string) => ({
    code,
    title,
    message: title,
    error_data: { details },
    href: "https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/",
  });

  /** What Meta reports after accepting a message: failed for [async] cases, else sent, delivered (and read). */
  async function afterAccepted(message: SentMessage) {
    if (!shopUrl) return;
    if (unreachable.has(message.to)) {
      await deliver(
        statusPayload(message, "failed", [
          asyncError(
            131026,
            "Message undeliverable",
            "Unable to deliver message. Reasons can include: the recipient phone number is not a WhatsApp phone number.",
          ),
        ]),
      );
      return;
    }
    const inbound = lastInbound.get(message.to);
    if (!message.template && (inbound === undefined || Date.now() - inbound >= WINDOW_MS)) {
      await deliver(
        statusPayload(message, "failed", [
          asyncError(
            131047,
            "Re-engagement message",
            "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
          ),
        ]),
      );
      return;
    }
    await deliver(statusPayload(message, "sent"));
    await deliver(statusPayload(message, "delivered"));
    if (double.readReceipts) await deliver(statusPayload(message, "read"));
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    for await (const chunk of req) raw += String(chunk);
    const match = new RegExp(`^/${VERSION}/([^/?]+)/messages$`).exec(req.url ?? "");
    if (!match || req.method !== "POST") {
      return refuse(res, 100, "Unsupported request", "Unknown path or method", 400, "GraphMethodException");
    }
    if (req.headers.authorization !== `Bearer ${DOUBLE_ACCESS_TOKEN}`) {
      return refuse(res, 190, ERRORS[190]!.title, "", 401);
    }
    if (match[1] !== DOUBLE_PHONE_NUMBER_ID) {
      return reply(res, 400, {
        error: {
          message: `Unsupported post request. Object with ID '${match[1]}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          type: "GraphMethodException",
          code: 100,
          error_subcode: 33,
          fbtrace_id: fbtrace(),
        },
      });
    }
    let body: {
      messaging_product?: unknown;
      to?: unknown;
      type?: unknown;
      text?: { body?: unknown };
      biz_opaque_callback_data?: unknown;
      template?: {
        name?: unknown;
        language?: { code?: unknown };
        components?: { type?: string; parameters?: { text?: unknown }[] }[];
      };
    };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return refuse(res, 100, "Invalid parameter", "The request body is not JSON");
    }
    if (body.messaging_product !== "whatsapp") {
      return refuse(res, 100, "Invalid parameter", "Param messaging_product must be 'whatsapp'");
    }
    const to = typeof body.to === "string" ? body.to.replace(/\D/g, "") : "";
    const failure = failing.findIndex((f) => f.to === undefined || f.to === to);
    if (failure >= 0) {
      const { code } = failing.splice(failure, 1)[0]!;
      const known = ERRORS[code] ?? { http: 400, type: "OAuthException", title: "Error", details: "" };
      return refuse(res, code, known.title, known.details, known.http, known.type);
    }
    if (!/^\d{8,15}$/.test(to)) return refuse(res, 131009, "Parameter value is not valid", "Invalid recipient");
    const message: SentMessage = { to, type: String(body.type), wamid: wamid(), at: Date.now() };
    const callbackData = body.biz_opaque_callback_data;
    if (callbackData !== undefined) {
      if (typeof callbackData !== "string" || callbackData.length > 512) {
        return refuse(
          res,
          100,
          "Invalid parameter",
          "Param biz_opaque_callback_data must be at most 512 characters long.",
        );
      }
      message.callbackData = callbackData;
    }
    if (body.type === "text") {
      const text = body.text?.body;
      if (typeof text !== "string" || text === "")
        return refuse(res, 100, "Invalid parameter", "Param text['body'] is required");
      if (text.length > 4096)
        return refuse(res, 100, "Invalid parameter", "Param text['body'] must be at most 4096 characters long.");
      message.text = text;
    } else if (body.type === "template") {
      const str = (v: unknown) => (typeof v === "string" ? v : "");
      const name = str(body.template?.name);
      const language = str(body.template?.language?.code);
      const parameters = (body.template?.components ?? [])
        .filter((c) => c.type === "body")
        .flatMap((c) => c.parameters ?? [])
        .map((p) => str(p.text));
      const template = approved.find((t) => t.name === name && t.language === language);
      if (!template) {
        return refuse(
          res,
          132001,
          "Template name does not exist in the translation",
          `template name (${name}) does not exist in ${language}`,
        );
      }
      if (template.parameters !== parameters.length) {
        return refuse(
          res,
          132000,
          "Number of parameters does not match the expected number of params",
          `body: number of localizable_params (${parameters.length}) does not match the expected number of params (${template.parameters})`,
        );
      }
      if (parameters.some((p) => p === "" || /[\n\t]| {5,}/.test(p))) {
        return refuse(
          res,
          132018,
          "There was an issue with the parameters in your template.",
          "Param text cannot have new-line/tab characters or more than 4 consecutive spaces",
        );
      }
      message.template = { name, language, parameters };
    } else {
      return refuse(res, 131009, "Parameter value is not valid", `Unsupported message type ${String(body.type)}`);
    }
    sent.push(message);
    const drop = dropping.findIndex((d) => d.to === undefined || d.to === to);
    if (drop >= 0) {
      dropping.splice(drop, 1);
      res.socket?.destroy();
    } else
      reply(res, 200, {
        messaging_product: "whatsapp",
        contacts: [{ input: String(body.to), wa_id: to }],
        messages: [{ id: message.wamid, ...(message.template ? { message_status: "accepted" } : {}) }],
      });
    // Meta's status webhooks come after the answer, each a delivery of its own.
    void track(new Promise((done) => setTimeout(done, 20)).then(() => afterAccepted(message)));
  };

  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const graphUrl = `http://127.0.0.1:${port}/${VERSION}`;

  const double: WhatsAppDouble = {
    graphUrl,
    env: {
      WHATSAPP_GRAPH_URL: graphUrl,
      WHATSAPP_PHONE_NUMBER_ID: DOUBLE_PHONE_NUMBER_ID,
      WHATSAPP_ACCESS_TOKEN: DOUBLE_ACCESS_TOKEN,
      WHATSAPP_APP_SECRET: DOUBLE_APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: DOUBLE_VERIFY_TOKEN,
      WHATSAPP_BUSINESS_NUMBER: DOUBLE_BUSINESS_NUMBER,
    },
    sent,
    readReceipts: false,
    textsTo: (waId) => sent.filter((m) => m.to === waId && m.text !== undefined).map((m) => m.text!),
    templatesTo: (waId) => sent.filter((m) => m.to === waId && m.template),
    connect(url) {
      shopUrl = url.replace(/\/+$/, "");
    },
    approve(templates) {
      approved.push(...templates);
    },
    notOnWhatsApp(waId) {
      unreachable.add(waId);
    },
    failNext(code, { count = 1, to } = {}) {
      for (let i = 0; i < count; i++) failing.push({ code, to });
    },
    dropNextAnswer({ to } = {}) {
      dropping.push({ to });
    },
    async buyerWrites(from, text, options = {}) {
      const id = options.id ?? `wamid.HBgM${randomBytes(10).toString("base64url")}`;
      const timestamp = options.timestamp ?? Date.now();
      if (!options.raw) lastInbound.set(from, timestamp);
      const type = options.type ?? "text";
      const answer = await track(
        deliver(
          envelope({
            contacts: [{ profile: { name: "Buyer" }, wa_id: from }],
            messages: [
              {
                from,
                id,
                timestamp: String(Math.floor(timestamp / 1000)),
                type,
                ...(type === "text"
                  ? { text: { body: text } }
                  : {
                      errors: [
                        {
                          code: 131051,
                          title: "Message type unknown",
                          message: "Message type unknown",
                          error_data: { details: "Message type is currently not supported." },
                        },
                      ],
                    }),
              },
            ],
          }),
        ),
      );
      return { ...answer, wamid: id };
    },
    deliver: (payload, options) => track(deliver(payload, options)),
    report(id, status, errors) {
      const message = sent.find((m) => m.wamid === id) ?? { to: "0", type: "text", wamid: id, at: 0 };
      return track(deliver(statusPayload(message, status, errors)));
    },
    async settle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return double;
}
