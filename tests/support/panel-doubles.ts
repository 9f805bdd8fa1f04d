import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * Local doubles of the SMM panels Indian resellers buy from, one per dialect,
 * each speaking its family's documented requests and answers, quirks and faults
 * included (docs/panels.md lists them with their sources):
 *
 * - `perfectpanel`: PerfectPanel / JustAnotherPanel "API v2" in USD, as JAP's
 *   API page documents it (https://justanotherpanel.com/api): `POST /api/v2`,
 *   numbers as strings, charge with 5 decimals, `{"error": "…"}` in English.
 * - `indian`: an Indian PerfectPanel reseller in INR: the same API with numbers
 *   as JSON numbers (charges as floats, binary noise included), error keys left
 *   untranslated ("neworder.error.invalid_link") and strict link checks (a
 *   followers order needs the full profile URL).
 * - `smartpanel`: SmartPanel's smm-panel-script (aliabbasbeing/smm-panel-script,
 *   app/modules/api/controllers/api.php): `/api/v1` taking POST or GET, only
 *   add/status/services/balance, `"status": "success"` beside answers, errors as
 *   `{"error": …}` or `{"status": "error", "message": …}`, per-order errors as
 *   bare strings, services without refill/cancel, drip-feed intervals 0, 5, 10,
 *   15, 30, 60 or 90 only, decimal(15,4) money as text, pretty-printed JSON
 *   served as text/html, and "Empty Data" for an empty list.
 *
 * Every request is logged (never the key), so tests count `add` calls. Faults
 * are switched on per test: down (HTML error pages as nginx and Cloudflare
 * send them), not listening at all, rate limited, in maintenance, out of funds,
 * slow, hanging up after doing the work, failing with HTTP 500 after creating
 * the order, truncated JSON, PHP warnings before the JSON, odd service lists.
 */

export type PanelDialect = "perfectpanel" | "indian" | "smartpanel";

export interface DoubleService {
  service: number;
  name: string;
  type: string;
  category: string;
  /** Per 1000, in the panel's currency. */
  rate: number;
  min: number;
  max: number;
  refill: boolean;
  cancel: boolean;
  dripfeed: boolean;
}

export type Fault =
  | { kind: "none" }
  /** Answers every request with an error page and does nothing (nginx 502, Cloudflare 521/522, 503 maintenance). */
  | { kind: "page"; status: number; page: "nginx" | "cloudflare" | "maintenance" }
  /** 429, with Retry-After seconds. */
  | { kind: "rate-limited"; retryAfterSeconds: number }
  /** Waits this long before doing anything (the shop times out first: the order may or may not be placed). */
  | { kind: "slow"; ms: number; before: boolean }
  /** Does the work, then drops the connection without an answer. */
  | { kind: "hang-up" }
  /** Creates the order, then fails with HTTP 500 and a JSON error (a PHP exception after the insert). */
  | { kind: "error-after-create"; namesOrder: boolean }
  /** Does the work, then sends its JSON without the last character (a connection cut at the end). */
  | { kind: "truncated" }
  /** Does the work and prints PHP warnings before its JSON (display_errors on). */
  | { kind: "php-warnings" }
  /** A 200 web page where the API should be (a wrong URL, a Cloudflare challenge). */
  | { kind: "html-200" }
  /** Every action answers the panel's maintenance message. */
  | { kind: "maintenance" }
  /** Every action answers JSON nested `depth` deep inside its error (issue 47 point 6). */
  | { kind: "deep"; depth: number };

export type ServiceListMode = "normal" | "huge" | "malformed" | "commas" | "empty" | "html" | "flood";

/** The "flood" list's size (issue 47 point 7): services with no name, a handful for Instagram at its end. */
export const FLOOD_SERVICES = 450_000;

export interface LoggedCall {
  at: number;
  path: string;
  method: string;
  action: string;
  params: Record<string, string>;
  /** The HTTP status it was answered with (0: no answer). */
  status: number;
}

export interface DoubleOrder {
  id: number;
  service: DoubleService;
  link: string;
  quantity: number;
  comments: string[] | null;
  drip: { runs: number; interval: number } | null;
  createdAt: number;
  charge: number;
  startCount: number;
  cancelled: boolean;
}

export interface PanelDouble {
  dialect: PanelDialect;
  /** The API URL as the panel's API page shows it. */
  apiUrl: string;
  origin: string;
  apiKey: string;
  currency: string;
  services: DoubleService[];
  calls: LoggedCall[];
  count(action: string): number;
  orders(): DoubleOrder[];
  order(id: number | string): DoubleOrder | undefined;
  balance(): number;
  topUp(amount: number): void;
  /** The panel's own staff delete an order (it is gone from its list and its API). */
  remove(id: number | string): void;
  setFault(fault: Fault): void;
  setServiceList(mode: ServiceListMode): void;
  /** Moves the panel's clock: orders progress as if this much time had passed. */
  advance(ms: number): void;
  /** Stops listening (connections are refused) until resume(): a panel that is down at the TCP level. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
}

const SERVICES: Record<PanelDialect, DoubleService[]> = {
  perfectpanel: [
    {
      service: 1,
      name: "Instagram Followers [Refill 30D]",
      type: "Default",
      category: "Instagram Followers",
      rate: 0.9,
      min: 50,
      max: 10000,
      refill: true,
      cancel: true,
      dripfeed: false,
    },
    {
      service: 2,
      name: "Instagram Likes",
      type: "Default",
      category: "Instagram Likes",
      rate: 0.3,
      min: 10,
      max: 50000,
      refill: false,
      cancel: true,
      dripfeed: true,
    },
    {
      service: 3,
      name: "Instagram Reel Views",
      type: "Default",
      category: "Instagram Views",
      rate: 0.02,
      min: 100,
      max: 1000000,
      refill: false,
      cancel: false,
      dripfeed: true,
    },
    {
      service: 4,
      name: "Instagram Comments [Random]",
      type: "Default",
      category: "Instagram Comments",
      rate: 8,
      min: 10,
      max: 1500,
      refill: false,
      cancel: true,
      dripfeed: false,
    },
    {
      service: 5,
      name: "Instagram Comments [Custom]",
      type: "Custom Comments",
      category: "Instagram Comments",
      rate: 12,
      min: 5,
      max: 1500,
      refill: false,
      cancel: true,
      dripfeed: false,
    },
  ],
  indian: [
    {
      service: 1201,
      name: "IG Followers [Indian] [Refill 30 Days]",
      type: "Default",
      category: "Instagram Followers India",
      rate: 95,
      min: 100,
      max: 20000,
      refill: true,
      cancel: false,
      dripfeed: false,
    },
    {
      service: 1202,
      name: "IG Likes [Indian]",
      type: "Default",
      category: "Instagram Likes India",
      rate: 18.5,
      min: 50,
      max: 10000,
      refill: false,
      cancel: true,
      dripfeed: true,
    },
    {
      service: 1203,
      name: "IG Reel Views",
      type: "Default",
      category: "Instagram Views",
      rate: 1.1,
      min: 500,
      max: 5000000,
      refill: false,
      cancel: false,
      dripfeed: true,
    },
    {
      service: 1204,
      name: "IG Comments [Indian Random]",
      type: "Default",
      category: "Instagram Comments",
      rate: 420,
      min: 10,
      max: 1000,
      refill: false,
      cancel: true,
      dripfeed: false,
    },
    {
      service: 1205,
      name: "IG Custom Comments [Indian]",
      type: "Custom Comments",
      category: "Instagram Comments",
      rate: 650,
      min: 5,
      max: 500,
      refill: false,
      cancel: true,
      dripfeed: false,
    },
  ],
  smartpanel: [
    {
      service: 31,
      name: "Instagram Followers HQ",
      type: "default",
      category: "Instagram",
      rate: 1.25,
      min: 100,
      max: 10000,
      refill: false,
      cancel: false,
      dripfeed: false,
    },
    {
      service: 32,
      name: "Instagram Likes Fast",
      type: "default",
      category: "Instagram",
      rate: 0.45,
      min: 50,
      max: 20000,
      refill: false,
      cancel: false,
      dripfeed: true,
    },
    {
      service: 33,
      name: "Instagram Views",
      type: "default",
      category: "Instagram",
      rate: 0.05,
      min: 100,
      max: 1000000,
      refill: false,
      cancel: false,
      dripfeed: true,
    },
    {
      service: 34,
      name: "Instagram Random Comments",
      type: "default",
      category: "Instagram",
      rate: 9,
      min: 10,
      max: 1000,
      refill: false,
      cancel: false,
      dripfeed: false,
    },
    {
      service: 35,
      name: "Instagram Custom Comments",
      type: "custom_comments",
      category: "Instagram",
      rate: 14,
      min: 5,
      max: 500,
      refill: false,
      cancel: false,
      dripfeed: false,
    },
  ],
};

const PAGES = {
  nginx: (status: number) =>
    `<html>\r\n<head><title>${status} Bad Gateway</title></head>\r\n<body>\r\n<center><h1>${status} Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`,
  cloudflare: (status: number) =>
    `<!DOCTYPE html><html lang="en-US"><head><title>panel.example | ${status}: Web server is down</title></head>` +
    `<body><div id="cf-error-details"><h1>Web server is down</h1><span>Error code ${status}</span>` +
    `<p>Visit <a href="https://www.cloudflare.com/5xx-error-landing">cloudflare.com</a> for more information.</p></div></body></html>`,
  maintenance: () =>
    `<!DOCTYPE html><html><head><title>Maintenance</title></head><body><h1>We'll be back soon!</h1>` +
    `<p>Sorry for the inconvenience, we're performing some maintenance at the moment.</p></body></html>`,
  notFound: () =>
    `<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n<center><h1>404 Not Found</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`,
  home: () =>
    `<!DOCTYPE html><html><head><title>Best SMM Panel</title></head><body><h1>Cheapest SMM Panel</h1></body></html>`,
};

/** The error words each family uses (sources: JAP's API page, PerfectPanel's untranslated keys, smm-panel-script's lang file). */
const WORDS: Record<PanelDialect, Record<string, string>> = {
  perfectpanel: {
    badKey: "Invalid API key",
    badAction: "Incorrect request",
    badService: "Incorrect service ID",
    badLink: "Incorrect link",
    funds: "Not enough funds on balance",
    min: "Quantity less than minimal {n}",
    max: "Quantity more than maximal {n}",
    duplicate: "You have active order with this link. Please wait until order being completed.",
    badOrder: "Incorrect order ID",
    maintenance: "The panel is under maintenance. Please try again later.",
  },
  indian: {
    badKey: "Invalid API key",
    badAction: "Incorrect request",
    badService: "neworder.error.service_not_found",
    badLink: "neworder.error.invalid_link",
    funds: "neworder.error.not_enough_funds",
    min: "neworder.error.min_quantity",
    max: "neworder.error.max_quantity",
    duplicate: "neworder.error.link_duplicate",
    badOrder: "Incorrect order ID",
    maintenance: "Panel under maintenance, try again later",
  },
  smartpanel: {
    badKey: "API is Disable for this user or User Not Found! Contact the Support",
    badAction: "This action is Invalid",
    badService: "Service ID does not exists",
    badLink: "Bad Link",
    funds: "Not enough funds on balance",
    min: "Quantity must to be greater than or equal to minimum amount {n}",
    max: "Quantity must to be less than or equal to maximum amount {n}",
    duplicate: "There was an error processing your request. Please try again later",
    badOrder: "Incorrect order ID",
    maintenance: "There was an error processing your request. Please try again later",
  },
};

const FULL_PROFILE = /^https:\/\/(www\.)?instagram\.com\/[A-Za-z0-9._]{1,30}\/?$/;
const INSTAGRAM = /^https?:\/\/(www\.)?instagram\.com\//;

export interface DoubleOptions {
  apiKey?: string;
  /** Starting balance in the panel's currency. */
  balance?: number;
  pendingMs?: number;
  runMs?: number;
}

type Answer = { status?: number; json?: unknown; page?: string; raw?: string; headers?: Record<string, string> };

export async function startPanelDouble(dialect: PanelDialect, options: DoubleOptions = {}): Promise<PanelDouble> {
  const apiKey = options.apiKey ?? `${dialect}-key-0123456789abcdef`;
  const currency = dialect === "indian" ? "INR" : "USD";
  const services = SERVICES[dialect].map((s) => ({ ...s }));
  const words = WORDS[dialect];
  const apiPath = dialect === "smartpanel" ? "/api/v1" : "/api/v2";
  const pendingMs = options.pendingMs ?? 10_000;
  const runMs = options.runMs ?? 60_000;
  const calls: LoggedCall[] = [];
  const orders = new Map<number, DoubleOrder>();
  let funds = options.balance ?? (dialect === "indian" ? 5000 : 50);
  let nextId = dialect === "smartpanel" ? 812 : dialect === "indian" ? 4_410_001 : 23501;
  let clock = 0;
  let fault: Fault = { kind: "none" };
  let list: ServiceListMode = "normal";
  const now = () => Date.now() + clock;
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const text = (key: string, n?: number) => words[key]!.replace("{n}", String(n ?? ""));
  const error = (message: string): Answer => ({ json: { error: message } });
  const num = (value: number, decimals: number): unknown =>
    dialect === "indian" ? value : dialect === "smartpanel" ? value.toFixed(4) : value.toFixed(decimals);
  const intOut = (value: number): unknown => (dialect === "indian" ? value : String(value));

  function phase(order: DoubleOrder) {
    if (order.cancelled) return { word: dialect === "indian" ? "Cancelled" : "Canceled", remains: order.quantity };
    const elapsed = now() - order.createdAt;
    if (elapsed < pendingMs) return { word: "Pending", remains: order.quantity };
    if (elapsed < pendingMs + runMs) {
      const done = Math.floor((order.quantity * (elapsed - pendingMs)) / runMs);
      return { word: dialect === "indian" ? "In Progress" : "In progress", remains: order.quantity - done };
    }
    return { word: "Completed", remains: 0 };
  }

  function statusOf(order: DoubleOrder): Record<string, unknown> {
    const { word, remains } = phase(order);
    const charge = order.cancelled ? 0 : order.charge;
    const base = {
      charge: num(charge, 5),
      start_count: intOut(word === "Pending" ? 0 : order.startCount),
      status: word,
      remains: intOut(remains),
      currency,
    };
    if (dialect === "smartpanel") {
      if (order.drip) return { status: word, runs: String(order.drip.runs), orders: [] };
      return { order: order.id, ...base };
    }
    return base;
  }

  /** FLOOD_SERVICES entries as compact as a panel can send them; the last 20 are Instagram's. */
  function floodList(): string {
    const parts: string[] = [];
    for (let i = 1; i <= FLOOD_SERVICES - 20; i++) parts.push(`{"id":${i}}`);
    for (let i = 1; i <= 20; i++) {
      parts.push(
        `{"service":${FLOOD_SERVICES + i},"name":"Instagram Followers ${i}","category":"Instagram","rate":"0.9","min":"50","max":"10000"}`,
      );
    }
    return `[${parts.join(",")}]`;
  }

  function serviceRows(): unknown {
    if (list === "empty") return dialect === "smartpanel" ? { status: "success", data: "Empty Data" } : [];
    if (list === "huge") {
      return Array.from({ length: 5000 }, (_, i) => ({
        service: 10_000 + i,
        name: `Instagram Service ${i} [${["HQ", "Real", "Bot", "Refill"][i % 4]}]`,
        type: "Default",
        category: `Category ${i % 40}`,
        rate: num(0.01 + (i % 97) / 10, 2),
        min: intOut(10),
        max: intOut(100_000),
        refill: i % 3 === 0,
        cancel: i % 2 === 0,
      }));
    }
    if (list === "malformed") {
      return [
        "not a service",
        null,
        { name: "no id" },
        { service: 1, name: "Followers", rate: "-0.50", min: "50", max: "10000" },
        { service: 2, name: "Likes", rate: "99999999999", min: "10", max: "100" },
        { service: 3, name: "Views", rate: "N/A", min: "1000", max: "100" },
        { service: 4, name: "Comments", rate: "8", min: "10", max: "1500" },
        { service: 4, name: "Comments again", rate: "9", min: "10", max: "1500" },
      ];
    }
    return services.map((s) => {
      const rate = list === "commas" ? s.rate.toLocaleString("en-US", { minimumFractionDigits: 2 }) : num(s.rate, 2);
      const max = list === "commas" ? s.max.toLocaleString("en-IN") : intOut(s.max);
      const row: Record<string, unknown> = {
        service: dialect === "smartpanel" ? String(s.service) : s.service,
        name: s.name,
        type: s.type,
        category: s.category,
        rate,
        min: intOut(s.min),
        max,
      };
      if (dialect === "smartpanel") {
        row.desc = "";
        row.dripfeed = s.dripfeed ? "1" : "0";
      } else {
        row.refill = s.refill;
        row.cancel = s.cancel;
        row.dripfeed = s.dripfeed;
      }
      return row;
    });
  }

  function add(params: Record<string, string>): Answer {
    const service = services.find((s) => String(s.service) === (params.service ?? "").trim());
    if (!params.service) {
      return error(
        dialect === "smartpanel"
          ? "There are missing required parameters. Please check your API Manual"
          : words.badAction!,
      );
    }
    if (!service) return error(text("badService"));
    const link = (params.link ?? "").trim();
    let quantity: number;
    let comments: string[] | null = null;
    let drip: DoubleOrder["drip"] = null;
    if (/custom/i.test(service.type)) {
      // smm-panel-script strips tags, turns line ends into commas and splits on commas (api.php, `custom_comments`):
      // a comment with a comma counts as two there. PerfectPanel/JAP take "\r\n or \n" as the separator.
      const text = params.comments ?? "";
      comments =
        dialect === "smartpanel"
          ? text.replace(/<[^>]*>?/g, "").split(/\r\n|\n|,/)
          : text.split(/\r?\n/).filter((c) => c.trim());
      if (comments.length === 0)
        return error(dialect === "smartpanel" ? "Comments field is required" : words.badAction!);
      quantity = comments.length;
    } else {
      if (!/^\d{1,9}$/.test(params.quantity ?? "")) return error(words.badAction!);
      quantity = Number(params.quantity);
      if (params.runs !== undefined || params.interval !== undefined) {
        if (!service.dripfeed) {
          return error(
            dialect === "smartpanel"
              ? "This services does not support Dripfeed feature!"
              : "Drip-feed is not available for this service",
          );
        }
        const runs = Number(params.runs);
        const interval = Number(params.interval);
        if (dialect === "smartpanel" && ![0, 5, 10, 15, 30, 60, 90].includes(interval)) {
          return { json: { status: "error", message: "Invalid Interval in minutes" } };
        }
        if (!Number.isInteger(runs) || runs < 2 || !Number.isInteger(interval) || interval < 1) {
          return error(words.badAction!);
        }
        drip = { runs, interval };
        quantity *= runs;
      }
    }
    if (!link || /\s/.test(link)) return error(text("badLink"));
    // The Indian reseller checks links strictly: a followers order needs the profile's full address.
    if (dialect === "indian") {
      const followers = /followers/i.test(service.category);
      if (followers ? !FULL_PROFILE.test(link) : !INSTAGRAM.test(link)) return error(text("badLink"));
    }
    if (quantity < service.min) return error(text("min", service.min));
    if (quantity > service.max) return error(text("max", service.max));
    for (const other of orders.values()) {
      if (other.link === link && other.service === service && phase(other).word !== "Completed" && !other.cancelled) {
        if (dialect !== "smartpanel") return error(text("duplicate"));
      }
    }
    // Floats, as PHP panels compute them: the Indian reseller's charge keeps its binary noise.
    const charge = service.rate * (quantity / 1000);
    if (charge > funds + 1e-9) return error(text("funds"));
    funds -= charge;
    const id = nextId++;
    orders.set(id, {
      id,
      service,
      link,
      quantity,
      comments,
      drip,
      createdAt: now(),
      charge,
      startCount: 1000 + (id % 5000),
      cancelled: false,
    });
    return { json: dialect === "smartpanel" ? { status: "success", order: id } : { order: id } };
  }

  function status(params: Record<string, string>): Answer {
    if (params.orders !== undefined) {
      const ids = params.orders
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      if (ids.length === 0 || ids.length > 100) return error(words.badAction!);
      const reply: Record<string, unknown> = {};
      for (const id of ids) {
        const order = /^\d+$/.test(id) ? orders.get(Number(id)) : undefined;
        reply[id] = order
          ? statusOf(order)
          : dialect === "smartpanel"
            ? "Incorrect order ID"
            : { error: words.badOrder };
      }
      return { json: reply };
    }
    const order = /^\d+$/.test(params.order ?? "") ? orders.get(Number(params.order)) : undefined;
    return order ? { json: statusOf(order) } : error(words.badOrder!);
  }

  function api(params: Record<string, string>): Answer {
    const action = params.action ?? "";
    if (!params.key || params.key !== apiKey) return error(words.badKey!);
    if (fault.kind === "maintenance") return error(words.maintenance!);
    const allowed =
      dialect === "smartpanel"
        ? ["add", "status", "services", "balance"]
        : ["add", "status", "services", "balance", "refill", "refill_status", "cancel"];
    if (!allowed.includes(action)) return error(words.badAction!);
    switch (action) {
      case "services":
        return { json: serviceRows() };
      case "balance": {
        const balance = dialect === "indian" ? funds : funds.toFixed(dialect === "smartpanel" ? 4 : 5);
        return { json: dialect === "smartpanel" ? { status: "success", balance, currency } : { balance, currency } };
      }
      case "add":
        return add(params);
      case "status":
        return status(params);
      case "refill": {
        const order = orders.get(Number(params.order));
        if (!order) return error(words.badOrder!);
        if (!order.service.refill) return error("Refill is disabled for this service");
        return { json: { refill: intOut(order.id * 10) } };
      }
      case "refill_status":
        return { json: { status: "Completed" } };
      default: {
        const ids = (params.orders ?? "").split(",").filter(Boolean);
        return {
          json: ids.map((id) => {
            const order = orders.get(Number(id));
            if (!order || !order.service.cancel) return { order: Number(id), cancel: { error: words.badOrder } };
            order.cancelled = true;
            funds += order.charge;
            return { order: order.id, cancel: 1 };
          }),
        };
      }
    }
  }

  function send(res: ServerResponse, answer: Answer, log: LoggedCall) {
    log.status = answer.status ?? 200;
    const smart = dialect === "smartpanel";
    if (answer.raw !== undefined) {
      res.writeHead(log.status, { "content-type": "application/json", ...answer.headers }).end(answer.raw);
      return;
    }
    if (answer.page !== undefined) {
      res.writeHead(log.status, { "content-type": "text/html; charset=utf-8", ...answer.headers }).end(answer.page);
      return;
    }
    // smm-panel-script prints JSON_PRETTY_PRINT output with CodeIgniter's default text/html type.
    const body = smart ? JSON.stringify(answer.json, null, 4) : JSON.stringify(answer.json);
    res
      .writeHead(log.status, {
        "content-type": smart ? "text/html; charset=UTF-8" : "application/json; charset=utf-8",
        ...answer.headers,
      })
      .end(body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://double");
    const path = url.pathname.replace(/\/+$/, "");
    let body = "";
    for await (const chunk of req) body += String(chunk);
    const form = Object.fromEntries(new URLSearchParams(body));
    // smm-panel-script reads $_REQUEST: the query string counts as much as the form.
    const params = dialect === "smartpanel" ? { ...Object.fromEntries(url.searchParams), ...form } : form;
    const { key: _key, ...logged } = params;
    const log: LoggedCall = {
      at: now(),
      path,
      method: req.method ?? "",
      action: params.action ?? "",
      params: logged,
      status: 0,
    };
    calls.push(log);
    if (path === "" || path === "/index.php") return send(res, { page: PAGES.home() }, log);
    if (path !== apiPath) return send(res, { status: 404, page: PAGES.notFound() }, log);
    if (dialect !== "smartpanel" && req.method !== "POST") return send(res, error(words.badAction!), log);

    const f = fault;
    if (f.kind === "slow" && f.before) await wait(f.ms);
    if (f.kind === "page") {
      const page =
        f.page === "nginx"
          ? PAGES.nginx(f.status)
          : f.page === "cloudflare"
            ? PAGES.cloudflare(f.status)
            : PAGES.maintenance();
      return send(res, { status: f.status, page }, log);
    }
    if (f.kind === "rate-limited") {
      return send(
        res,
        {
          status: 429,
          page: "<html><body><h1>429 Too Many Requests</h1></body></html>",
          headers: { "retry-after": String(f.retryAfterSeconds) },
        },
        log,
      );
    }
    if (f.kind === "html-200") return send(res, { page: PAGES.home() }, log);
    if (f.kind === "deep") {
      return send(res, { raw: `{"error":${"[".repeat(f.depth)}"no"${"]".repeat(f.depth)}}` }, log);
    }
    if (list === "flood" && params.action === "services") return send(res, { raw: floodList() }, log);
    if (list === "html" && params.action === "services") return send(res, { page: PAGES.home() }, log);

    const answer = api(params);
    if (f.kind === "slow" && !f.before) await wait(f.ms);
    if (res.destroyed) return;
    switch (f.kind) {
      case "hang-up":
        res.socket?.destroy();
        return;
      case "error-after-create": {
        const named =
          f.namesOrder && answer.json && typeof answer.json === "object"
            ? (answer.json as { order?: number }).order
            : undefined;
        return send(
          res,
          { status: 500, json: { error: "Internal server error", ...(named ? { order: named } : {}) } },
          log,
        );
      }
      case "truncated": {
        const text = JSON.stringify(answer.json);
        log.status = 200;
        res.writeHead(200, { "content-type": "application/json" }).end(text.slice(0, -1));
        return;
      }
      case "php-warnings": {
        log.status = 200;
        const warning =
          '<br />\n<b>Warning</b>:  Undefined array key "runs" in <b>/home/panel/public_html/api/v2.php</b> on line <b>88</b><br />\n';
        res.writeHead(200, { "content-type": "text/html" }).end(warning + JSON.stringify(answer.json));
        return;
      }
      default:
        return send(res, answer, log);
    }
  }

  function wait(ms: number) {
    return new Promise<void>((done) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        done();
      }, ms);
      timers.add(timer);
    });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  const listen = (port: number) =>
    new Promise<void>((ok, fail) => {
      server.once("error", fail);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", fail);
        ok();
      });
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((done) => {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      server.close(() => done());
      for (const s of sockets) s.destroy();
    });

  return {
    dialect,
    apiUrl: `${origin}${apiPath}`,
    origin,
    apiKey,
    currency,
    services,
    calls,
    count: (action) => calls.filter((c) => c.action === action && c.path === apiPath).length,
    orders: () => [...orders.values()],
    order: (id) => orders.get(Number(id)),
    balance: () => funds,
    topUp: (amount) => {
      funds += amount;
    },
    remove: (id) => {
      orders.delete(Number(id));
    },
    setFault: (next) => {
      fault = next;
    },
    setServiceList: (mode) => {
      list = mode;
    },
    advance: (ms) => {
      clock += ms;
    },
    pause: stop,
    resume: () => listen(port),
    close: stop,
  };
}
