/**
 * The simulated panel's business state: services, balance, orders that move
 * Pending → In progress → Completed (every Nth ends Partial), and the switches
 * tests and the demo use to make it misbehave. HTTP lives in server.server.ts.
 */

export const DEMO_PANEL_KEY = "DEMO-SIMULATOR-KEY-not-a-real-panel";

export interface SimulatedService {
  service: number;
  name: string;
  type: "Default" | "Custom Comments";
  category: string;
  /** Price per 1000 in the panel currency. */
  rate: string;
  min: number;
  max: number;
  refill: boolean;
  cancel: boolean;
  dripfeed: boolean;
}

/** Ids the demo settings point at (followers, likes, views, comments). */
export const DEMO_SERVICE_IDS = { followers: "101", likes: "102", views: "103", comments: "104" } as const;

export const SIMULATED_SERVICES: SimulatedService[] = [
  {
    service: 101,
    name: "Instagram Followers [Real Mixed] [30 Days Refill]",
    type: "Default",
    category: "Instagram Followers",
    rate: "45.00",
    min: 50,
    max: 100000,
    refill: true,
    cancel: true,
    dripfeed: false,
  },
  {
    service: 102,
    name: "Instagram Likes [Instant Start]",
    type: "Default",
    category: "Instagram Likes",
    rate: "12.00",
    min: 50,
    max: 50000,
    refill: false,
    cancel: true,
    dripfeed: true,
  },
  {
    service: 103,
    name: "Instagram Reel Views [Fast]",
    type: "Default",
    category: "Instagram Views",
    rate: "1.20",
    min: 200,
    max: 10000000,
    refill: false,
    cancel: false,
    dripfeed: true,
  },
  {
    service: 104,
    name: "Instagram Comments [Random Emoji]",
    type: "Default",
    category: "Instagram Comments",
    rate: "300.00",
    min: 10,
    max: 5000,
    refill: false,
    cancel: true,
    dripfeed: false,
  },
  {
    service: 105,
    name: "Instagram Comments [Custom]",
    type: "Custom Comments",
    category: "Instagram Comments",
    rate: "450.00",
    min: 5,
    max: 1000,
    refill: false,
    cancel: true,
    dripfeed: false,
  },
];

export type SimulatedAction = "services" | "add" | "status" | "balance" | "refill" | "refill_status" | "cancel";

export interface SimulatorSwitches {
  /** Delay before each reply (the work is done first, as a slow real panel would). */
  latencyMs: number;
  /** Answer every request with an HTML 503 page, doing nothing. */
  down: boolean;
  /** Do the work, then answer with truncated JSON. */
  malformed: boolean;
  /** Do the work, then drop the connection without answering. */
  hangUp: boolean;
  /** Answer this action with `{"error": text}` (HTTP 200), doing nothing. */
  errors: Partial<Record<SimulatedAction, string>>;
  /** Send numbers as JSON strings (most panels) or as numbers. */
  numbers: "string" | "number";
  cancelledSpelling: "Canceled" | "Cancelled";
  lowerCaseStatus: boolean;
  /** 'You have active order with this link…' for a second unfinished order on one link and service. */
  rejectDuplicateLinks: boolean;
  currency: string;
}

export interface SimulatorOptions {
  apiKey?: string;
  /** Starting balance in the panel currency, decimal text. */
  balance?: string;
  /** How long a new order stays Pending, then In progress. */
  pendingMs?: number;
  runMs?: number;
  /** Every Nth order ends Partial (0: never). */
  partialEvery?: number;
  switches?: Partial<SimulatorSwitches>;
  /** Bounds for a long-running demo. */
  maxOrders?: number;
  maxLogEntries?: number;
}

export interface SimulatedOrder {
  id: number;
  service: SimulatedService;
  link: string;
  quantity: number;
  createdAt: number;
  startCount: number;
  /** Final remains when it ends Partial; 0 otherwise. */
  partialRemains: number;
  cancelled: boolean;
  /** Full charge in 1/100000 units. */
  charge: number;
  /** A drip-feed order: `runs` deliveries of `quantity / runs`, `intervalMs` apart, after the pending time. */
  drip: { runs: number; intervalMs: number } | null;
}

export interface SimulatedRefill {
  id: number;
  orderId: number;
  createdAt: number;
}

export interface LoggedRequest {
  at: number;
  action: string;
  /** Every parameter except the key. */
  params: Record<string, string>;
}

type Reply = { json: unknown } | { error: string };

const MICRO = 100_000;

function toMicro(decimal: string): number {
  const [whole, fraction = ""] = decimal.split(".");
  return Number(whole) * MICRO + Number(fraction.padEnd(5, "0").slice(0, 5));
}

function fromMicro(micro: number): string {
  const sign = micro < 0 ? "-" : "";
  const abs = Math.abs(micro);
  return `${sign}${Math.floor(abs / MICRO)}.${String(abs % MICRO).padStart(5, "0")}`;
}

export class SimulatedPanel {
  readonly apiKey: string;
  switches: SimulatorSwitches;
  private readonly startBalance: number;
  private readonly pendingMs: number;
  private readonly runMs: number;
  private readonly partialEvery: number;
  private readonly maxOrders: number;
  private readonly maxLog: number;
  private readonly orders = new Map<number, SimulatedOrder>();
  private readonly log: LoggedRequest[] = [];
  private readonly refills = new Map<number, SimulatedRefill>();
  private nextId = 23501;
  private nextRefillId = 7001;
  private clockOffset = 0;

  constructor(options: SimulatorOptions = {}) {
    this.apiKey = options.apiKey ?? DEMO_PANEL_KEY;
    this.startBalance = toMicro(options.balance ?? "25000.00");
    this.pendingMs = options.pendingMs ?? 20_000;
    this.runMs = options.runMs ?? 90_000;
    this.partialEvery = options.partialEvery ?? 5;
    this.maxOrders = options.maxOrders ?? 50_000;
    this.maxLog = options.maxLogEntries ?? 10_000;
    this.switches = defaultSwitches(options.switches);
  }

  now(): number {
    return Date.now() + this.clockOffset;
  }

  /** Moves the panel's clock forward, so orders progress without waiting. */
  advanceTime(ms: number): void {
    this.clockOffset += ms;
  }

  setSwitches(changes: Partial<SimulatorSwitches>): void {
    this.switches = { ...this.switches, ...changes };
  }

  resetSwitches(): void {
    this.switches = defaultSwitches();
  }

  /** Requests seen, newest last (at most maxLogEntries). */
  requests(action?: string): LoggedRequest[] {
    return action ? this.log.filter((r) => r.action === action) : [...this.log];
  }

  count(action: string): number {
    return this.log.reduce((n, r) => n + (r.action === action ? 1 : 0), 0);
  }

  clearLog(): void {
    this.log.length = 0;
  }

  order(id: number | string): SimulatedOrder | undefined {
    return this.orders.get(Number(id));
  }

  balanceMicro(): number {
    let spent = 0;
    for (const order of this.orders.values()) spent += this.currentCharge(order);
    return this.startBalance - spent;
  }

  record(action: string, params: Record<string, string>): void {
    const { key: _key, ...rest } = params;
    this.log.push({ at: this.now(), action, params: rest });
    if (this.log.length > this.maxLog) this.log.splice(0, this.log.length - this.maxLog);
  }

  /** The API itself: form fields in, reply out. */
  handle(params: Record<string, string>): Reply {
    const action = params.action ?? "";
    this.record(action, params);
    if (!params.key || !action) return { error: "Incorrect request" };
    if (params.key !== this.apiKey) return { error: "Invalid API key" };
    const forced = this.switches.errors[action as SimulatedAction];
    if (forced) return { error: forced };
    switch (action) {
      case "services":
        return {
          json: SIMULATED_SERVICES.map((s) => ({
            ...s,
            rate: this.switches.numbers === "string" ? s.rate : Number(s.rate),
            min: this.num(s.min),
            max: this.num(s.max),
          })),
        };
      case "add":
        return this.add(params);
      case "status":
        return this.status(params);
      case "balance":
        return { json: { balance: fromMicro(this.balanceMicro()), currency: this.switches.currency } };
      case "refill":
        return this.refill(params);
      case "refill_status":
        return this.refillStatus(params);
      case "cancel":
        return this.cancel(params);
      default:
        return { error: "Incorrect request" };
    }
  }

  private num(n: number): number | string {
    return this.switches.numbers === "string" ? String(n) : n;
  }

  private add(params: Record<string, string>): Reply {
    const service = SIMULATED_SERVICES.find((s) => String(s.service) === params.service?.trim());
    if (!params.service) return { error: "Incorrect request" };
    if (!service) return { error: "Incorrect service ID" };
    const link = (params.link ?? "").trim();
    if (!link || /\s/.test(link) || link.length > 500) return { error: "Incorrect link" };
    let quantity: number;
    if (service.type === "Custom Comments") {
      quantity = (params.comments ?? "").split("\n").filter((line) => line.trim()).length;
    } else {
      if (!/^\d{1,9}$/.test(params.quantity ?? "")) return { error: "Incorrect request" };
      quantity = Number(params.quantity);
    }
    if (quantity < service.min) return { error: `Quantity less than minimal ${service.min}` };
    if (quantity > service.max) return { error: `Quantity more than maximal ${service.max}` };
    let drip: SimulatedOrder["drip"] = null;
    if (params.runs !== undefined || params.interval !== undefined) {
      // As real panels: `quantity` is each run's, the order is runs × quantity.
      if (!service.dripfeed) return { error: "Drip-feed is not available for this service" };
      if (!/^\d{1,4}$/.test(params.runs ?? "") || !/^\d{1,5}$/.test(params.interval ?? "")) {
        return { error: "Incorrect runs or interval" };
      }
      const runs = Number(params.runs);
      const interval = Number(params.interval);
      if (runs < 2 || interval < 1) return { error: "Incorrect runs or interval" };
      drip = { runs, intervalMs: interval * 60_000 };
      quantity *= runs;
    }
    if (this.switches.rejectDuplicateLinks) {
      for (const other of this.orders.values()) {
        if (other.link === link && other.service === service && !this.isFinal(other)) {
          return { error: "You have active order with this link. Please wait until order being completed." };
        }
      }
    }
    const charge = Math.round((toMicro(service.rate) * quantity) / 1000);
    if (charge > this.balanceMicro()) return { error: "Not enough funds on balance" };
    const id = this.nextId++;
    const partial = drip === null && this.partialEvery > 0 && (id - 23500) % this.partialEvery === 0;
    this.orders.set(id, {
      id,
      service,
      link,
      quantity,
      createdAt: this.now(),
      startCount: 500 + ((id * 7919) % 20000),
      partialRemains: partial ? Math.max(1, Math.floor(quantity * 0.157)) : 0,
      cancelled: false,
      charge,
      drip,
    });
    if (this.orders.size > this.maxOrders) this.orders.delete(this.orders.keys().next().value!);
    return { json: { order: this.num(id) } };
  }

  private phase(order: SimulatedOrder): { word: string; remains: number; progress: number } {
    if (order.cancelled) return { word: this.switches.cancelledSpelling, remains: order.quantity, progress: 0 };
    const elapsed = this.now() - order.createdAt;
    if (elapsed < this.pendingMs) return { word: "Pending", remains: order.quantity, progress: 0 };
    if (order.drip) {
      // One run at the end of the pending time, then one every interval.
      const { runs, intervalMs } = order.drip;
      const done = Math.min(runs, Math.floor((elapsed - this.pendingMs) / intervalMs) + 1);
      const remains = order.quantity - (order.quantity / runs) * done;
      return done < runs
        ? { word: "In progress", remains, progress: done / runs }
        : { word: "Completed", remains: 0, progress: 1 };
    }
    if (elapsed < this.pendingMs + this.runMs) {
      const progress = (elapsed - this.pendingMs) / this.runMs;
      const delivered = Math.floor((order.quantity - order.partialRemains) * progress);
      return { word: "In progress", remains: order.quantity - delivered, progress };
    }
    return order.partialRemains > 0
      ? { word: "Partial", remains: order.partialRemains, progress: 1 }
      : { word: "Completed", remains: 0, progress: 1 };
  }

  private isFinal(order: SimulatedOrder): boolean {
    return ["Completed", "Partial", "Canceled", "Cancelled"].includes(this.phase(order).word);
  }

  /** What the order costs now: nothing once cancelled, the delivered share once Partial. */
  private currentCharge(order: SimulatedOrder): number {
    const { word, remains } = this.phase(order);
    if (order.cancelled) return 0;
    if (word === "Partial") return Math.round((order.charge * (order.quantity - remains)) / order.quantity);
    return order.charge;
  }

  private statusOf(order: SimulatedOrder) {
    const { word, remains } = this.phase(order);
    return {
      charge:
        this.switches.numbers === "string" ? fromMicro(this.currentCharge(order)) : this.currentCharge(order) / MICRO,
      start_count: this.num(word === "Pending" || order.cancelled ? 0 : order.startCount),
      status: this.switches.lowerCaseStatus ? word.toLowerCase() : word,
      remains: this.num(remains),
      currency: this.switches.currency,
    };
  }

  private status(params: Record<string, string>): Reply {
    if (params.orders !== undefined) {
      const ids = params.orders
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      if (ids.length === 0 || ids.length > 100) return { error: "Incorrect request" };
      const reply: Record<string, unknown> = {};
      for (const id of ids) {
        const order = /^\d+$/.test(id) ? this.orders.get(Number(id)) : undefined;
        reply[id] = order ? this.statusOf(order) : { error: "Incorrect order ID" };
      }
      return { json: reply };
    }
    const order = /^\d+$/.test(params.order ?? "") ? this.orders.get(Number(params.order)) : undefined;
    if (!params.order) return { error: "Incorrect request" };
    return order ? { json: this.statusOf(order) } : { error: "Incorrect order ID" };
  }

  private refill(params: Record<string, string>): Reply {
    const order = this.orders.get(Number(params.order));
    if (!order) return { error: "Incorrect order ID" };
    if (!order.service.refill || this.phase(order).word !== "Completed")
      return { error: "Refill is not available for this order" };
    const refill = { id: this.nextRefillId++, orderId: order.id, createdAt: this.now() };
    this.refills.set(refill.id, refill);
    return { json: { refill: this.num(refill.id) } };
  }

  findRefill(id: number | string): SimulatedRefill | undefined {
    return this.refills.get(Number(id));
  }

  /** A refill waits as long as a new order, then runs as long as one. */
  private refillStatus(params: Record<string, string>): Reply {
    const refill = /^\d+$/.test(params.refill ?? "") ? this.refills.get(Number(params.refill)) : undefined;
    if (!refill) return { error: "Incorrect refill ID" };
    const elapsed = this.now() - refill.createdAt;
    const word =
      elapsed < this.pendingMs ? "Pending" : elapsed < this.pendingMs + this.runMs ? "In progress" : "Completed";
    return { json: { status: this.switches.lowerCaseStatus ? word.toLowerCase() : word } };
  }

  private cancel(params: Record<string, string>): Reply {
    const ids = (params.orders ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (ids.length === 0 || ids.length > 100) return { error: "Incorrect request" };
    return {
      json: ids.map((id) => {
        const order = /^\d+$/.test(id) ? this.orders.get(Number(id)) : undefined;
        if (!order) return { order: this.num(Number(id) || 0), cancel: { error: "Incorrect order ID" } };
        if (!order.service.cancel || this.isFinal(order)) {
          return { order: this.num(order.id), cancel: { error: "This order cannot be canceled" } };
        }
        order.cancelled = true;
        return { order: this.num(order.id), cancel: 1 };
      }),
    };
  }
}

function defaultSwitches(changes: Partial<SimulatorSwitches> = {}): SimulatorSwitches {
  return {
    latencyMs: 0,
    down: false,
    malformed: false,
    hangUp: false,
    errors: {},
    numbers: "string",
    cancelledSpelling: "Canceled",
    lowerCaseStatus: false,
    rejectDuplicateLinks: false,
    currency: "INR",
    ...changes,
  };
}
