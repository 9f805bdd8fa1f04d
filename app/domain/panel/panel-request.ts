/**
 * What the last `add` call sent for an order, kept on the order
 * (`panel_request`, JSON) so that when its outcome is unknown the operator sees
 * exactly what to look for at the panel, and when: never the API key.
 */
export interface PanelRequestRecord {
  /** When the call was made. */
  at: number;
  /** The panel's API URL as the shop posted to it. */
  url: string;
  service: string;
  link: string;
  quantity?: number;
  runs?: number;
  interval?: number;
  /** How many custom comments were sent (the texts stay on the order). */
  comments?: number;
  /** An order id the panel's unusable reply still named: looked up before anything is sent again. */
  replyOrderId?: string;
}

/** The record from the form fields an order was sent with. */
export function panelRequestRecord(at: number, url: string, params: Record<string, string>): PanelRequestRecord {
  const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  return {
    at,
    url,
    service: params.service ?? "",
    link: params.link ?? "",
    ...(params.quantity !== undefined ? { quantity: number(params.quantity) } : {}),
    ...(params.runs !== undefined ? { runs: number(params.runs), interval: number(params.interval) } : {}),
    ...(params.comments !== undefined ? { comments: params.comments.split("\n").length } : {}),
  };
}

/** The record stored on an order; null when there is none or it is unreadable. */
export function readPanelRequest(json: string | null): PanelRequestRecord | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== "object") return null;
    const record = value as Partial<PanelRequestRecord>;
    return typeof record.at === "number" && typeof record.url === "string" && typeof record.link === "string"
      ? (record as PanelRequestRecord)
      : null;
  } catch {
    return null;
  }
}

/**
 * The panel's own list of orders, where the operator looks for one whose outcome
 * is unknown: PerfectPanel and its copies list them at `/orders`, smm-panel-script
 * at `/order/log` (its order controller's `log`), both beside the API's base.
 */
export function panelOrdersPage(apiUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const path = url.pathname.replace(/\/+$/, "");
  const smartPanel = /\/api\/v1$/i.test(path);
  const base = path.replace(/\/(api(\/v\d+)?|api\.php)$/i, "");
  return `${url.origin}${base}${smartPanel ? "/order/log" : "/orders"}`;
}
