import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertSettingsSchema } from "~/domain/operator-alerts/alert-settings";
import { saveAlertSettings } from "~/domain/operator-alerts/alert-settings.server";
import { saveBuyerMessageSettings } from "~/domain/buyer-messages/settings.server";
import { forOutboxRow, templateMessage } from "~/domain/buyer-messages/whatsapp/graph.server";
import { testDatabases } from "../support/databases";
import { type BuyerShop, startBuyerShop, waIdOf } from "../support/buyer-shop";
import { type PushDouble, startPushDouble } from "../support/push-double";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { DOUBLE_ACCESS_TOKEN, DOUBLE_PHONE_NUMBER_ID } from "../support/whatsapp-double";
import { afterJobs, runJobs } from "../support/test-shop";

/**
 * The buyer's updates through the one outbox, on the production server with
 * the WhatsApp Cloud API double, an SMTP server and a push service in this
 * process: each update once per order, event and channel; as a template
 * outside the 24-hour window (opted-in buyers only), as text inside it; Meta's
 * error answers retried, fallen back or given up as its docs say; a crash
 * (a worker that died mid-send, a server killed before it sent) costs nothing
 * and doubles nothing; a buyer's hourly share and the quiet hours; the e-mail
 * receipt; notifications bound to one order; what privacy asks to forget.
 */
describe.each(testDatabases())("buyer updates through the outbox on $name", (engine) => {
  let bs: BuyerShop;
  let smtp: SmtpSink;
  let push: PushDouble;
  /** The server started in place of one killed mid-test. */
  let phoneSeq = 0;
  const newPhone = () => `97${String(30_000_000 + engine.name.length * 1_000_000 + phoneSeq++).padStart(8, "0")}`;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    push = await startPushDouble();
    bs = await startBuyerShop(
      engine,
      {
        MAIL_ALLOW_PRIVATE_ADDRESSES: "true",
        PUSH_ALLOW_PRIVATE_ADDRESSES: "true",
        NODE_EXTRA_CA_CERTS: push.certFile,
      },
      {
        async prepare(db) {
          const settings = alertSettingsSchema.parse({
            events: ["shop_health"],
            email: {
              enabled: true,
              host: "127.0.0.1",
              port: smtp.port,
              security: "none",
              from: "shop@shop.example",
              to: "owner@shop.example",
            },
          });
          await saveAlertSettings(db.db, { settings });
        },
      },
    );
  });
  afterAll(async () => {
    await bs?.stop();
    await smtp?.stop();
    await push?.stop();
  });

  const jobsUntil = <T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false) =>
    afterJobs(bs.shop.server, what, check);
  /** Another production server on the shop's database (a second instance, or the one started after a crash). */
  const serverOnTheSameDatabase = (env: Record<string, string> = {}) => bs.shop.startAnother(env);
  const whatsappRow = async (orderId: string) =>
    (await bs.rows(orderId)).find((r) => r.channel === "buyer_whatsapp" && r.event === "payment_confirmed")!;
  const templatesFor = (orderId: string) =>
    bs.whatsapp.sent.filter((m) => m.template?.parameters[0] === orderId || m.text?.includes(orderId));

  it("tells an opted-in buyer of the payment with the approved template, once, and records Meta's statuses", async () => {
    const phone = newPhone();
    const orderId = await bs.order({ phone, optIn: true });
    const optIn = await bs.shop.db.db
      .selectFrom("orders")
      .select(["whatsapp_opt_in_at", "whatsapp_opt_in_version", "locale"])
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(optIn.whatsapp_opt_in_at).not.toBeNull();
    expect(optIn.whatsapp_opt_in_version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    bs.whatsapp.readReceipts = true;
    await bs.confirm(orderId);
    const [message] = await jobsUntil("the template", () => {
      const sent = bs.whatsapp.templatesTo(waIdOf(phone));
      return sent.length > 0 ? sent : false;
    });
    expect(message!.template).toMatchObject({ name: "order_payment_confirmed", language: "en" });
    expect(message!.template!.parameters[0]).toBe(orderId);
    expect(message!.template!.parameters[1]).toMatch(/^₹\d+(\.\d\d)?$/);
    expect(message!.template!.parameters[2]).toBe("30");
    await bs.whatsapp.settle();
    const [row] = (await bs.rows(orderId)).filter((r) => r.channel === "buyer_whatsapp");
    expect(row).toMatchObject({
      event: "payment_confirmed",
      status: "sent",
      delivery: "read",
      provider_id: message!.wamid,
    });
    // Again and again: nothing more.
    await runJobs(bs.shop.server);
    await runJobs(bs.shop.server);
    expect(bs.whatsapp.templatesTo(waIdOf(phone))).toHaveLength(1);
    bs.whatsapp.readReceipts = false;
  });

  it("inside the 24-hour window, the update goes as text in the buyer's language, to a buyer who did not opt in", async () => {
    const phone = newPhone();
    const orderId = await bs.order({ phone, locale: "hi" });
    await bs.whatsapp.buyerWrites(waIdOf(phone), orderId);
    await jobsUntil("linked", () => bs.whatsapp.textsTo(waIdOf(phone)).length === 1);
    await bs.confirm(orderId);
    const texts = await jobsUntil("the update", () => {
      const all = bs.whatsapp.textsTo(waIdOf(phone));
      return all.length >= 2 ? all : false;
    });
    expect(texts[1]).toContain(`*ऑर्डर ${orderId} का पेमेंट मिल गया*`);
    expect(texts[1]).toContain(`https://shop.example/hi/track?order=${orderId}`);
    expect(bs.whatsapp.templatesTo(waIdOf(phone))).toEqual([]);
  });

  it("a linked buyer who did not opt in hears nothing outside the window, and the reason is kept", async () => {
    const phone = newPhone();
    const orderId = await bs.order({ phone });
    await bs.shop.db.db.insertInto("whatsapp_links").values({ order_id: orderId, linked_at: Date.now() }).execute();
    await bs.confirm(orderId);
    const row = await jobsUntil("given up", async () =>
      (await bs.rows(orderId)).find((r) => r.channel === "buyer_whatsapp" && r.status === "failed"),
    );
    expect(row.last_error).toContain("did not opt in");
    expect(templatesFor(orderId)).toEqual([]);
  });

  it("text Meta refuses after sending because the window closed (131047) goes again as the template", async () => {
    const phone = newPhone();
    const waId = waIdOf(phone);
    const orderId = await bs.order({ phone, optIn: true });
    // The shop believes the buyer wrote a minute ago; Meta does not (the double never heard from them).
    await bs.shop.db.db
      .insertInto("whatsapp_chats")
      .values({ wa_id: waId, last_inbound_at: Date.now() - 60_000, stopped_at: null, updated_at: Date.now() })
      .execute();
    await bs.confirm(orderId);
    await jobsUntil("the text", () => bs.whatsapp.textsTo(waId).length === 1);
    await bs.whatsapp.settle();
    const template = await jobsUntil("the template", () => bs.whatsapp.templatesTo(waId)[0]);
    expect(template.template?.name).toBe("order_payment_confirmed");
    await bs.whatsapp.settle();
    const rows = (await bs.rows(orderId)).filter((r) => r.channel === "buyer_whatsapp");
    expect(
      rows.map((r) => [r.event_key.endsWith(":template"), r.delivery]),
      JSON.stringify(rows),
    ).toEqual([
      [false, "failed"],
      [true, "delivered"],
    ]);
    expect(rows[0]!.last_error).toContain("131047");
  });

  it("a number not on WhatsApp: Meta's 131026 is recorded, shown on the order's page", async () => {
    const phone = newPhone();
    bs.whatsapp.notOnWhatsApp(waIdOf(phone));
    const orderId = await bs.order({ phone, optIn: true });
    await bs.confirm(orderId);
    await jobsUntil("sent", () => bs.whatsapp.templatesTo(waIdOf(phone)).length === 1);
    await bs.whatsapp.settle();
    const [row] = (await bs.rows(orderId)).filter((r) => r.channel === "buyer_whatsapp");
    expect(row).toMatchObject({ status: "sent", delivery: "failed" });
    expect(row!.last_error).toContain("WhatsApp (131026)");
    const page = await (
      await fetch(`${bs.shop.url}/admin/orders/${orderId}`, { headers: { cookie: bs.shop.cookie } })
    ).text();
    expect(page).toContain("Messages to the buyer");
    expect(page).toContain("Not delivered");
    expect(page).toContain("131026");
  });

  it("Meta's rate limits (130429, 131056) are tried again after a backoff and sent once", async () => {
    const phone = newPhone();
    const orderId = await bs.order({ phone, optIn: true });
    bs.whatsapp.failNext(131056, { to: waIdOf(phone) });
    bs.whatsapp.failNext(130429, { to: waIdOf(phone) });
    await bs.confirm(orderId);
    await runJobs(bs.shop.server);
    const [first] = (await bs.rows(orderId)).filter((r) => r.channel === "buyer_whatsapp");
    expect(first).toMatchObject({ status: "pending", attempts: 1 });
    expect(first!.last_error).toContain("131056");
    expect(first!.next_attempt_at).toBeGreaterThan(Date.now() - 1000);
    // Each backoff over, the jobs run again: 130429, then sent.
    const backoffOver = () =>
      bs.shop.db.db
        .updateTable("alert_outbox")
        .set({ next_attempt_at: 0 })
        .where("order_id", "=", orderId)
        .where("status", "=", "pending")
        .execute();
    await backoffOver();
    await runJobs(bs.shop.server);
    expect(bs.whatsapp.templatesTo(waIdOf(phone))).toHaveLength(0);
    await backoffOver();
    await runJobs(bs.shop.server);
    expect(bs.whatsapp.templatesTo(waIdOf(phone))).toHaveLength(1);
    const [row] = (await bs.rows(orderId)).filter((r) => r.channel === "buyer_whatsapp");
    expect(row).toMatchObject({ status: "sent", attempts: 3 });
    await runJobs(bs.shop.server);
    expect(bs.whatsapp.templatesTo(waIdOf(phone))).toHaveLength(1);
  });

  it("a token Meta refuses (190) is given up at once and the operator is told", async () => {
    const phone = newPhone();
    const orderId = await bs.order({ phone, optIn: true });
    bs.whatsapp.failNext(190, { to: waIdOf(phone) });
    await bs.confirm(orderId);
    const row = await jobsUntil("given up", async () =>
      (await bs.rows(orderId)).find((r) => r.channel === "buyer_whatsapp" && r.status === "failed"),
    );
    expect(row.last_error).toContain("WhatsApp (190)");
    expect(row.attempts).toBe(1);
    const alert = await bs.shop.db.db
      .selectFrom("alert_outbox")
      .select(["event", "facts"])
      .where("event_key", "like", "whatsapp:190:%")
      .executeTakeFirst();
    expect(alert?.event).toBe("shop_health");
    expect(alert?.facts).toContain("WhatsApp refuses the shop's messages");
  });

  it("a message whose worker died mid-send is taken over after the claim timeout and sent once", async () => {
    const phone = newPhone();
    const orderId = await bs.order({ phone, optIn: true });
    await bs.confirm(orderId);
    // The worker claimed it six minutes ago and never answered (the process died during the call).
    await bs.shop.db.db
      .updateTable("alert_outbox")
      .set({ status: "sending", attempts: 1, claimed_at: Date.now() - 6 * 60_000 })
      .where("order_id", "=", orderId)
      .where("channel", "=", "buyer_whatsapp")
      .execute();
    await jobsUntil("sent", () => bs.whatsapp.templatesTo(waIdOf(phone)).length === 1);
    const [row] = (await bs.rows(orderId)).filter((r) => r.channel === "buyer_whatsapp");
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("an answer lost after Meta took the message: its status callback marks it sent, and no retry sends it again", async () => {
    const phone = newPhone();
    const orderId = await bs.order({ phone, optIn: true });
    await bs.confirm(orderId);
    // Meta takes the template, then the connection drops before its answer is read: the send is retried.
    bs.whatsapp.dropNextAnswer({ to: waIdOf(phone) });
    await runJobs(bs.shop.server);
    expect(bs.whatsapp.templatesTo(waIdOf(phone))).toHaveLength(1);
    // Meta's status webhooks name the outbox row the message was sent for.
    await bs.whatsapp.settle();
    // The retry's backoff is over: the jobs run again and again.
    await bs.shop.db.db
      .updateTable("alert_outbox")
      .set({ next_attempt_at: 0 })
      .where("order_id", "=", orderId)
      .where("status", "=", "pending")
      .execute();
    await runJobs(bs.shop.server);
    await runJobs(bs.shop.server);
    const [message] = bs.whatsapp.templatesTo(waIdOf(phone));
    expect(bs.whatsapp.templatesTo(waIdOf(phone))).toHaveLength(1);
    expect(message!.callbackData).toMatch(/^outbox:\d+$/);
    expect(await whatsappRow(orderId)).toMatchObject({
      status: "sent",
      provider_id: message!.wamid,
      delivery: "delivered",
    });
  });

  it("a worker that died after Meta took the message: the row is marked sent by its status, and the take-over sends nothing", async () => {
    const phone = newPhone();
    const orderId = await bs.order({ phone, optIn: true });
    await bs.confirm(orderId);
    const row = await whatsappRow(orderId);
    // The worker claimed the row six minutes ago and sent its request, which Meta took; then the process died.
    await bs.shop.db.db
      .updateTable("alert_outbox")
      .set({ status: "sending", attempts: 1, claimed_at: Date.now() - 6 * 60_000 })
      .where("id", "=", row.id)
      .execute();
    const res = await fetch(`${bs.whatsapp.graphUrl}/${DOUBLE_PHONE_NUMBER_ID}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${DOUBLE_ACCESS_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify(
        forOutboxRow(templateMessage(waIdOf(phone), "order_payment_confirmed", "en", [orderId, "₹99", "30"]), row.id),
      ),
    });
    expect(res.status).toBe(200);
    await bs.whatsapp.settle();
    await runJobs(bs.shop.server);
    await runJobs(bs.shop.server);
    const sent = bs.whatsapp.templatesTo(waIdOf(phone));
    expect(sent).toHaveLength(1);
    expect(await whatsappRow(orderId)).toMatchObject({ status: "sent", attempts: 1, provider_id: sent[0]!.wamid });
  });

  it("two servers working one database send each update once", async () => {
    const buyers = [0, 1, 2].map((i) => ({ phone: newPhone(), email: `twice-${i}-${engine.name}@example.com` }));
    const orders: string[] = [];
    for (const buyer of buyers) orders.push(await bs.order({ ...buyer, optIn: true }));
    for (const orderId of orders) await bs.confirm(orderId);
    // A second instance shares the first one's panel (the simulator in its process) rather than starting its own.
    const second = await serverOnTheSameDatabase({ PANEL_SIMULATOR: "false", PANEL_ALLOW_PRIVATE_ADDRESSES: "true" });
    try {
      // Both instances' jobs at once, twice over, then once more each.
      await Promise.all([runJobs(bs.shop.server), runJobs(second), runJobs(second), runJobs(bs.shop.server)]);
      await runJobs(second);
      await runJobs(bs.shop.server);
    } finally {
      await second.stop();
    }
    for (const buyer of buyers) {
      expect(bs.whatsapp.templatesTo(waIdOf(buyer.phone))).toHaveLength(1);
      expect(smtp.messages.filter((m) => JSON.stringify(m.to).includes(buyer.email))).toHaveLength(1);
    }
    for (const orderId of orders) {
      expect((await bs.rows(orderId)).map((r) => `${r.channel}:${r.status}`).sort()).toEqual([
        "buyer_email:sent",
        "buyer_whatsapp:sent",
      ]);
    }
  });

  it("the receipt by e-mail: order, package, amount paid, reference, what happens next and the /track link", async () => {
    const phone = newPhone();
    const email = `ravi-${engine.name}@example.com`;
    const orderId = await bs.order({ phone, email: email.toUpperCase(), username: "priya.bakes" });
    const utr = `4${String(Date.now()).slice(-11)}`;
    await fetch(`${bs.shop.url}/api/orders/${orderId}/utr`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: bs.shop.url },
      body: JSON.stringify({ utr }),
    });
    await bs.confirm(orderId);
    const mail = await jobsUntil("the receipt", () => smtp.messages.find((m) => m.subject?.includes(orderId)));
    expect(JSON.stringify(mail.to)).toContain(email);
    expect(mail.subject).toBe(`BoostKaro: Payment received for order ${orderId}`);
    expect(mail.text).toContain("Receipt");
    expect(mail.text).toContain(`Order: ${orderId}`);
    expect(mail.text).toContain("Package: Popular Followers (1,000 followers for priya.bakes)");
    expect(mail.text).toMatch(/Amount paid: ₹\d+/);
    expect(mail.text).toContain(`Payment reference: ${utr}`);
    expect(mail.text).toContain("What happens next: delivery starts within 30 minutes");
    expect(mail.text).toContain(`https://shop.example/track?order=${orderId}`);
    expect(mail.text).toContain("Stop updates");
    expect(mail.text).not.toContain(phone);
  });

  it("notifications go to the browsers of this order only, open its /track, and a gone browser is forgotten", async () => {
    const phone = newPhone();
    const orderId = await bs.order({ phone });
    const other = await bs.order({ phone: newPhone() });
    const device = push.device();
    const subscribe = (id: string, proof: string) =>
      fetch(`${bs.shop.url}/api/orders/${id}/notifications`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: bs.shop.url },
        body: JSON.stringify({ phone: proof, subscription: device.subscription }),
      });
    expect((await subscribe(orderId, "9000000000")).status).toBe(404);
    const on = await subscribe(orderId, phone);
    expect(on.status).toBe(201);
    expect(await on.json()).toEqual({ success: true, message: "Notifications are on for this order." });
    await bs.confirm(other);
    await bs.confirm(orderId);
    const received = await jobsUntil("the notification", () => device.received[0]);
    expect(JSON.parse(received.payload)).toEqual({
      title: `BoostKaro: Payment received for order ${orderId}`,
      body: expect.stringContaining(`We received your payment of ₹`) as unknown,
      url: `/track?order=${orderId}`,
      tag: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) as unknown,
    });
    await runJobs(bs.shop.server);
    expect(device.received).toHaveLength(1);

    device.gone = true;
    await bs.delivered(orderId);
    await jobsUntil(
      "forgotten",
      async () =>
        (
          await bs.shop.db.db
            .selectFrom("buyer_push_subscriptions")
            .select("id")
            .where("order_id", "=", orderId)
            .execute()
        ).length === 0,
    );
  });

  it("Turn off notifications stops this browser's for the order; the wrong phone turns off nothing", async () => {
    const phone = newPhone();
    const orderId = await bs.order({ phone });
    const device = push.device();
    const notifications = (method: string, body: object) =>
      fetch(`${bs.shop.url}/api/orders/${orderId}/notifications`, {
        method,
        headers: { "content-type": "application/json", origin: bs.shop.url },
        body: JSON.stringify(body),
      });
    expect((await notifications("POST", { phone, subscription: device.subscription })).status).toBe(201);
    const browsers = () =>
      bs.shop.db.db.selectFrom("buyer_push_subscriptions").select("id").where("order_id", "=", orderId).execute();
    const endpoint = device.subscription.endpoint;
    expect((await notifications("DELETE", { phone: "9000000000", endpoint })).status).toBe(404);
    expect(await browsers()).toHaveLength(1);
    const off = await notifications("DELETE", { phone, endpoint });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({
      success: true,
      message: "Notifications are off for this order on this browser.",
    });
    expect(await browsers()).toHaveLength(0);
    await bs.confirm(orderId);
    await runJobs(bs.shop.server);
    await runJobs(bs.shop.server);
    expect(device.received).toHaveLength(0);
  });

  it("a receipt or a notification sent again after its answer was lost is the same message to the buyer", async () => {
    const phone = newPhone();
    const email = `again-${engine.name}@example.com`;
    const orderId = await bs.order({ phone, email });
    const device = push.device();
    const on = await fetch(`${bs.shop.url}/api/orders/${orderId}/notifications`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: bs.shop.url },
      body: JSON.stringify({ phone, subscription: device.subscription }),
    });
    expect(on.status).toBe(201);
    await bs.confirm(orderId);
    const mails = () => smtp.messages.filter((m) => JSON.stringify(m.to).includes(email));
    await jobsUntil("both", () => mails().length === 1 && device.received.length === 1);
    // The mail server and the push service took them, but their answers never came back: sent again.
    await bs.shop.db.db
      .updateTable("alert_outbox")
      .set({ status: "pending", next_attempt_at: 0, provider_id: null, sent_at: null })
      .where("order_id", "=", orderId)
      .execute();
    await jobsUntil("again", () => mails().length === 2 && device.received.length === 2);
    const [first, again] = mails();
    expect(first!.messageId).toMatch(/^<[0-9a-f]{32}@shop\.example>$/);
    expect(again!.messageId).toBe(first!.messageId);
    const [shown, shownAgain] = device.received.map((r) => JSON.parse(r.payload) as { tag: string });
    expect(shownAgain!.tag).toBe(shown!.tag);
    expect(device.received[1]!.headers.topic).toBe(shown!.tag);
  });

  it("a buyer gets at most 6 updates an hour on a channel; the rest wait their turn", async () => {
    const phone = newPhone();
    const orderId = await bs.order({ phone, optIn: true });
    await bs.shop.db.db.updateTable("orders").set({ paid_at: Date.now() }).where("order_id", "=", orderId).execute();
    const now = Date.now();
    await bs.shop.db.db
      .insertInto("alert_outbox")
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          event_key: `test:rate:${orderId}:${i}`,
          channel: "buyer_whatsapp",
          event: "refill_done",
          order_id: orderId,
          facts: JSON.stringify({ event: "refill_done", locale: "en", orderId, values: { orderId } }),
          status: "pending" as const,
          next_attempt_at: now,
          claimed_at: null,
          last_error: null,
          created_at: now,
          sent_at: null,
        })),
      )
      .execute();
    await runJobs(bs.shop.server);
    const rows = (await bs.rows(orderId)).filter((r) => r.event_key.startsWith("test:rate:"));
    expect(rows.filter((r) => r.status === "sent")).toHaveLength(6);
    const waiting = rows.find((r) => r.status === "pending")!;
    expect(waiting.last_error).toContain("6 an hour");
    expect(waiting.attempts).toBe(0);
    expect(waiting.next_attempt_at).toBeGreaterThan(now + 3_500_000);
  });

  it("quiet hours hold an update that is not about money until they end; a payment's goes at once", async () => {
    const ist = new Date(Date.now() + 5.5 * 3600_000);
    const hhmm = (minutes: number) =>
      `${String(Math.floor(minutes / 60) % 24).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
    const minute = ist.getUTCHours() * 60 + ist.getUTCMinutes();
    await saveBuyerMessageSettings(bs.shop.db.db, {
      quietFrom: hhmm((minute + 1440 - 60) % 1440),
      quietTo: hhmm((minute + 60) % 1440),
    });
    try {
      const phone = newPhone();
      const orderId = await bs.order({ phone, optIn: true });
      await bs.confirm(orderId);
      await jobsUntil("the payment's", () => bs.whatsapp.templatesTo(waIdOf(phone)).length === 1);
      await bs.delivered(orderId);
      await runJobs(bs.shop.server);
      const delivered = (await bs.rows(orderId)).find((r) => r.event === "delivered")!;
      expect(delivered).toMatchObject({ status: "pending", attempts: 0 });
      expect(delivered.last_error).toContain("Quiet hours");
      expect(delivered.next_attempt_at).toBeGreaterThan(Date.now() + 50 * 60_000);
      expect(bs.whatsapp.templatesTo(waIdOf(phone))).toHaveLength(1);
    } finally {
      await saveBuyerMessageSettings(bs.shop.db.db, { quietFrom: "", quietTo: "" });
    }
  });

  it("Stop updates on /track forgets the order's e-mail, opt-in, chat link and browsers", async () => {
    const phone = newPhone();
    const orderId = await bs.order({ phone, optIn: true, email: "stop@example.com" });
    await bs.shop.db.db.insertInto("whatsapp_links").values({ order_id: orderId, linked_at: Date.now() }).execute();
    const device = push.device();
    await fetch(`${bs.shop.url}/api/orders/${orderId}/notifications`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: bs.shop.url },
      body: JSON.stringify({ phone, subscription: device.subscription }),
    });
    const res = await fetch(`${bs.shop.url}/track`, {
      method: "POST",
      headers: { origin: bs.shop.url },
      body: new URLSearchParams({ orderId, phone, intent: "stop-updates" }),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("we will send no more updates about this order");
    const order = await bs.shop.db.db
      .selectFrom("orders")
      .select(["customer_email", "whatsapp_opt_in_at"])
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ customer_email: null, whatsapp_opt_in_at: null });
    for (const table of ["buyer_push_subscriptions", "whatsapp_links"] as const) {
      expect(
        await bs.shop.db.db.selectFrom(table).select("order_id").where("order_id", "=", orderId).execute(),
      ).toEqual([]);
    }
    await bs.confirm(orderId);
    await runJobs(bs.shop.server);
    expect(await bs.rows(orderId)).toEqual([]);
  });

  // After quiet hours: its extra order shifts the accounts later tests order for (buyer-shop.ts numbers them).
  it("the e-mail's stop link is one tap: opening it changes nothing, the button stops the order's updates, a forged one is refused", async () => {
    const phone = newPhone();
    const orderId = await bs.order({ phone, email: `stop-link-${engine.name}@example.com` });
    await bs.confirm(orderId);
    const mail = await jobsUntil("the receipt", () => smtp.messages.find((m) => m.subject?.includes(orderId)));
    const link = /https:\/\/shop\.example(\/stop-updates\?order=[A-Z0-9]+&t=[\w-]{32})/.exec(mail.text ?? "")?.[1];
    expect(link).toContain(orderId);
    const emailOf = async () =>
      (
        await bs.shop.db.db
          .selectFrom("orders")
          .select("customer_email")
          .where("order_id", "=", orderId)
          .executeTakeFirstOrThrow()
      ).customer_email;
    // A mail scanner opening the link: the page and its button, nothing stopped.
    const opened = await fetch(`${bs.shop.url}${link}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain(`about order ${orderId}`);
    expect(await emailOf()).not.toBeNull();
    // Another order's token, or a changed one: refused, nothing changes.
    const [, token] = /t=([\w-]+)/.exec(link!)!;
    const forged = await fetch(`${bs.shop.url}${link}`, {
      method: "POST",
      headers: { origin: bs.shop.url },
      body: new URLSearchParams({ order: orderId, t: `${token![0] === "A" ? "B" : "A"}${token!.slice(1)}` }),
    });
    expect(forged.status).toBe(404);
    expect(await emailOf()).not.toBeNull();
    // The tap.
    const tapped = await fetch(`${bs.shop.url}${link}`, {
      method: "POST",
      headers: { origin: bs.shop.url },
      body: new URLSearchParams({ order: orderId, t: token! }),
    });
    expect(tapped.status).toBe(200);
    expect(await tapped.text()).toContain("we will send no more updates about this order");
    expect(await emailOf()).toBeNull();
  });

  it("the retention job forgets the buyer's e-mail, refund UPI id, browsers and chat with their name and phone", async () => {
    const phone = newPhone();
    const orderId = await bs.order({ phone, email: "old@example.com" });
    const device = push.device();
    await fetch(`${bs.shop.url}/api/orders/${orderId}/notifications`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: bs.shop.url },
      body: JSON.stringify({ phone, subscription: device.subscription }),
    });
    const longAgo = Date.now() - 400 * 24 * 3600_000;
    await bs.shop.db.db
      .updateTable("orders")
      .set({ created_at: longAgo, refund_upi_id: "old@okaxis" })
      .where("order_id", "=", orderId)
      .execute();
    await bs.shop.db.db
      .insertInto("whatsapp_chats")
      .values({ wa_id: waIdOf(phone), last_inbound_at: longAgo, stopped_at: null, updated_at: longAgo })
      .execute();
    await bs.shop.db.db.insertInto("whatsapp_links").values({ order_id: orderId, linked_at: longAgo }).execute();
    await runJobs(bs.shop.server);
    const order = await bs.shop.db.db
      .selectFrom("orders")
      .select(["customer_phone", "customer_email", "refund_upi_id"])
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ customer_phone: null, customer_email: null, refund_upi_id: null });
    for (const table of ["buyer_push_subscriptions", "whatsapp_links"] as const) {
      expect(
        await bs.shop.db.db.selectFrom(table).select("order_id").where("order_id", "=", orderId).execute(),
      ).toEqual([]);
    }
    expect(
      await bs.shop.db.db.selectFrom("whatsapp_chats").select("wa_id").where("wa_id", "=", waIdOf(phone)).execute(),
    ).toEqual([]);
  });
  it("a server killed before it sent: the next one sends each update once", async () => {
    const phone = newPhone();
    const orderId = await bs.order({ phone, optIn: true, email: `crash-${engine.name}@example.com` });
    await bs.confirm(orderId);
    expect((await bs.rows(orderId)).map((r) => r.status)).toEqual(["pending", "pending"]);
    await bs.shop.server.stop("SIGKILL");
    const next = await serverOnTheSameDatabase();
    bs.shop.server = next;
    bs.whatsapp.connect(next.url);
    await runJobs(next);
    await runJobs(next);
    expect(bs.whatsapp.templatesTo(waIdOf(phone))).toHaveLength(1);
    expect(smtp.messages.filter((m) => m.to && JSON.stringify(m.to).includes(`crash-${engine.name}`))).toHaveLength(1);
    expect((await bs.rows(orderId)).map((r) => r.status)).toEqual(["sent", "sent"]);
  });
});
