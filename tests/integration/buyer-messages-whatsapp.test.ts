import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import { type BuyerShop, startBuyerShop, waIdOf } from "../support/buyer-shop";
import { afterJobs, runJobs } from "../support/test-shop";
import {
  DOUBLE_APP_SECRET,
  DOUBLE_PHONE_NUMBER_ID,
  DOUBLE_VERIFY_TOKEN,
  escapeLikeMeta,
  signLikeMeta,
} from "../support/whatsapp-double";

/**
 * The WhatsApp webhook as a door, and self-service by chat, through the
 * production server and the WhatsApp Cloud API double (tests/support/
 * whatsapp-double.ts): Meta's verification, every POST checked against
 * X-Hub-Signature-256 before it is read, a message answered once however
 * often Meta delivers it, an old one (a replay) not at all; a number that owns
 * no order answered politely with nothing about any order; STATUS, REFILL,
 * REFUND and STOP from the order's own number doing what /track does, with
 * the same entries in the order's history.
 */
describe.each(testDatabases())("the WhatsApp chat on $name", (engine) => {
  let bs: BuyerShop;
  let phoneSeq = 0;
  /** A phone no other test here uses: each buyer is someone else. */
  const newPhone = () => `98${String(40_000_000 + engine.name.length * 1_000_000 + phoneSeq++).padStart(8, "0")}`;

  beforeAll(async () => {
    bs = await startBuyerShop(engine);
  });
  afterAll(async () => bs?.stop());

  /** Runs the jobs until the shop answered `waId` `count` times in all; its answers. */
  async function answersTo(waId: string, count: number): Promise<string[]> {
    return afterJobs(bs.shop.server, `${count} answers to ${waId}`, () => {
      const texts = bs.whatsapp.textsTo(waId);
      return texts.length >= count ? texts : false;
    });
  }

  async function audit(orderId: string): Promise<Array<{ actor: string; action: string }>> {
    return bs.shop.db.db
      .selectFrom("audit_log")
      .select(["actor", "action"])
      .where("target_id", "=", orderId)
      .orderBy("id")
      .execute();
  }

  it("answers Meta's verification only with the shop's verify token, echoing the challenge", async () => {
    const ask = (params: Record<string, string>) =>
      fetch(`${bs.shop.url}/api/whatsapp/webhook?${new URLSearchParams(params).toString()}`);
    const ok = await ask({
      "hub.mode": "subscribe",
      "hub.verify_token": DOUBLE_VERIFY_TOKEN,
      "hub.challenge": "1158201444",
    });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("1158201444");
    const refusals: Record<string, string>[] = [
      { "hub.mode": "subscribe", "hub.verify_token": "guess-the-token", "hub.challenge": "1" },
      { "hub.mode": "unsubscribe", "hub.verify_token": DOUBLE_VERIFY_TOKEN, "hub.challenge": "1" },
      { "hub.mode": "subscribe", "hub.challenge": "1" },
    ];
    for (const params of refusals) {
      const refused = await ask(params);
      expect(refused.status, JSON.stringify(params)).toBe(403);
      expect(await refused.text()).not.toContain("1");
    }
  });

  it("reads nothing of a POST whose signature is missing, wrong or for another body", async () => {
    const waId = waIdOf(newPhone());
    const payload = {
      object: "whatsapp_business_account",
      entry: [
        {
          id: "1",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "15550783881", phone_number_id: DOUBLE_PHONE_NUMBER_ID },
                messages: [
                  {
                    from: waId,
                    id: "wamid.unsigned1",
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    type: "text",
                    text: { body: "STATUS" },
                  },
                ],
              },
            },
          ],
        },
      ],
    };
    const body = JSON.stringify(payload);
    const before = (await bs.rows()).length;
    for (const signature of [
      null,
      "sha256=",
      signLikeMeta(body, "0".repeat(32)),
      signLikeMeta(`${body} `),
      "sha1=abc",
    ]) {
      const answer = await bs.whatsapp.deliver(payload, { signature, escape: false });
      expect(answer.status, String(signature)).toBe(401);
    }
    // A body that is not JSON at all, unsigned: refused before anyone tried to parse it.
    const junk = await fetch(`${bs.shop.url}/api/whatsapp/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(junk.status).toBe(401);
    // Too large: refused before it is read.
    const large = await fetch(`${bs.shop.url}/api/whatsapp/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": signLikeMeta("x") },
      body: "x".repeat(70 * 1024),
    });
    expect(large.status).toBe(413);
    expect((await bs.rows()).length).toBe(before);
  });

  it("takes Meta's signature over the body as sent, non-ASCII escaped, and a Hindi message gets a Hindi answer", async () => {
    const phone = newPhone();
    const orderId = await bs.order({ phone, locale: "hi" });
    const answer = await bs.whatsapp.buyerWrites(waIdOf(phone), `स्थिति ${orderId}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, messages: 1 });
    const [reply] = await answersTo(waIdOf(phone), 1);
    expect(reply).toContain(orderId);
    expect(reply).toContain("आपके पेमेंट का इंतज़ार है");
    // The same words signed as UTF-8 bytes (a relay that unescaped them) are accepted too.
    const raw = JSON.stringify({ object: "whatsapp_business_account", entry: [] });
    const unescaped = await fetch(`${bs.shop.url}/api/whatsapp/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": signLikeMeta(escapeLikeMeta(raw)) },
      body: raw,
    });
    expect(unescaped.status).toBe(200);
  });

  it("answers a number that owns no order politely, with nothing about any order", async () => {
    const owner = newPhone();
    const orderId = await bs.order({ phone: owner });
    const stranger = waIdOf(newPhone());
    await bs.whatsapp.buyerWrites(stranger, "STATUS");
    await bs.whatsapp.buyerWrites(stranger, `STATUS ${orderId}`);
    await bs.whatsapp.buyerWrites(stranger, `REFILL ${orderId}`);
    const replies = await answersTo(stranger, 3);
    for (const reply of replies) {
      expect(reply).toContain("could not find an order placed with this WhatsApp number");
      expect(reply).not.toContain(orderId);
      expect(reply).not.toMatch(/Popular Followers|priya\.bakes|Ravi/);
    }
    // Nothing about the stranger is kept, and the owner's order heard nothing.
    const chats = await bs.shop.db.db
      .selectFrom("whatsapp_chats")
      .select("wa_id")
      .where("wa_id", "=", stranger)
      .execute();
    expect(chats).toEqual([]);
    expect((await audit(orderId)).map((e) => e.action)).not.toContain("order.refillRequested");
  });

  it("answers a message once however often Meta delivers it, and a replayed old one not at all", async () => {
    const phone = newPhone();
    const orderId = await bs.order({ phone });
    const waId = waIdOf(phone);
    const first = await bs.whatsapp.buyerWrites(waId, orderId, { id: "wamid.duplicate-1" });
    expect(first.body).toMatchObject({ messages: 1 });
    const again = await bs.whatsapp.buyerWrites(waId, orderId, { id: "wamid.duplicate-1" });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ messages: 0 });
    const [linked] = await answersTo(waId, 1);
    expect(linked).toContain(`Order ${orderId} is linked to this chat`);
    // Eight days old: past Meta's seven days of retries, so a replay.
    const replay = await bs.whatsapp.buyerWrites(waId, "STATUS", { timestamp: Date.now() - 8 * 24 * 3600_000 });
    expect(replay.body).toMatchObject({ messages: 0, ignored: 1 });
    await afterJobs(bs.shop.server, "the jobs ran", () => true);
    expect(bs.whatsapp.textsTo(waId)).toHaveLength(1);
    const link = await bs.shop.db.db.selectFrom("whatsapp_links").selectAll().where("order_id", "=", orderId).execute();
    expect(link).toHaveLength(1);
  });

  it("STATUS and REFILL from the order's number do what /track does; from another number, nothing", async () => {
    const phone = newPhone();
    const waId = waIdOf(phone);
    const orderId = await bs.order({ phone });
    await bs.confirm(orderId);
    await bs.delivered(orderId);

    await bs.whatsapp.buyerWrites(waIdOf(newPhone()), `REFILL ${orderId}`);
    await bs.whatsapp.buyerWrites(waId, "STATUS");
    const [status] = await answersTo(waId, 1);
    expect(status).toContain(`Order ${orderId} (Popular Followers): Delivered.`);

    await bs.whatsapp.buyerWrites(waId, "refill");
    const requested = `Refill requested for order ${orderId}. We will tell you when it starts.`;
    await afterJobs(bs.shop.server, "the refill's answer", () => bs.whatsapp.textsTo(waId).includes(requested));
    const refills = await bs.shop.db.db
      .selectFrom("order_panel_requests")
      .select(["kind", "state", "requested_by"])
      .where("order_id", "=", orderId)
      .execute();
    expect(refills).toEqual([{ kind: "refill", state: "accepted", requested_by: "buyer" }]);
    // The same entries as a refill asked for on /track (app/domain/self-service/refill.server.ts).
    const history = await audit(orderId);
    expect(history.filter((e) => e.action.startsWith("order.refill"))).toEqual([
      { actor: "buyer", action: "order.refillRequested" },
      { actor: "buyer", action: "order.refillAccepted" },
    ]);
    // The chat is linked (STATUS): the refill's news comes there too, once.
    await afterJobs(bs.shop.server, "the refill's news", () =>
      bs.whatsapp.textsTo(waId).some((text) => text.startsWith(`*Refill started for order ${orderId}*`)),
    );

    // Asked again at once: refused by /track's own rule, in its own words.
    await bs.whatsapp.buyerWrites(waId, `REFILL ${orderId}`);
    await afterJobs(bs.shop.server, "the refusal", () =>
      bs.whatsapp.textsTo(waId).some((text) => text.includes("A refill was already requested in the last 24 hours")),
    );
    expect(
      await bs.shop.db.db.selectFrom("order_panel_requests").select("id").where("order_id", "=", orderId).execute(),
    ).toHaveLength(1);
  });

  it("CANCEL (रद्द) from the order's number cancels as /track does, once, and says how the refund comes; from another number, nothing", async () => {
    const phone = newPhone();
    const waId = waIdOf(phone);
    const orderId = await bs.order({ phone, locale: "hi", optIn: true });
    await bs.confirm(orderId);
    const status = async () =>
      (
        await bs.shop.db.db
          .selectFrom("orders")
          .select("status")
          .where("order_id", "=", orderId)
          .executeTakeFirstOrThrow()
      ).status;
    await afterJobs(bs.shop.server, "sent to the panel", async () => (await status()) === "sent");

    const stranger = waIdOf(newPhone());
    await bs.whatsapp.buyerWrites(stranger, `CANCEL ${orderId}`);
    const [polite] = await answersTo(stranger, 1);
    expect(polite).not.toContain(orderId);
    expect(await status()).toBe("sent");

    await bs.whatsapp.buyerWrites(waId, "रद्द");
    const cancelled = `ऑर्डर ${orderId} डिलीवरी शुरू होने से पहले रद्द हो गया है।`;
    await afterJobs(bs.shop.server, "the cancel's answer", () =>
      bs.whatsapp.textsTo(waId).some((text) => text.startsWith(cancelled)),
    );
    expect(await status()).toBe("refund_due");
    // The same entry in the order's history as a cancel on /track, by the buyer.
    expect((await audit(orderId)).filter((e) => e.action === "order.cancelBeforeDelivery")).toEqual([
      { actor: "buyer", action: "order.cancelBeforeDelivery" },
    ]);
    // The buyer hears that a refund is due and how it reaches them, in Hindi, once.
    await afterJobs(bs.shop.server, "the refund's news", () =>
      bs.whatsapp.textsTo(waId).some((text) => text.startsWith(`*ऑर्डर ${orderId} रद्द हो गया: रिफ़ंड बाकी है*`)),
    );

    // Asked again: refused by /track's own rule; nothing cancelled or told twice.
    await bs.whatsapp.buyerWrites(waId, `CANCEL ${orderId}`);
    await answersTo(waId, 3);
    expect(await status()).toBe("refund_due");
    expect((await audit(orderId)).filter((e) => e.action === "order.cancelBeforeDelivery")).toHaveLength(1);
    await runJobs(bs.shop.server);
    expect(bs.whatsapp.textsTo(waId).filter((text) => text.includes("रिफ़ंड बाकी है*"))).toHaveLength(1);
  });

  it("an unpaid order that expired tells the buyer to reply with the UTR; the UTR by chat revives it, and the late payment is told once", async () => {
    const phone = newPhone();
    const waId = waIdOf(phone);
    const orderId = await bs.order({ phone, optIn: true });
    // The payment window closed with nothing paid: the payment job expires it.
    await bs.shop.db.db
      .updateTable("orders")
      .set({ payment_deadline_at: Date.now() - 1_000 })
      .where("order_id", "=", orderId)
      .execute();
    const [expired] = await afterJobs(bs.shop.server, "the expiry's template", () => {
      const sent = bs.whatsapp.templatesTo(waId);
      return sent.length > 0 ? sent : false;
    });
    expect(expired!.template).toMatchObject({ name: "order_unpaid_expired", language: "en" });
    expect(expired!.template!.parameters[0]).toBe(orderId);

    // The buyer did pay: they reply with the UTR, as the template asks.
    const utr = `5${String(Date.now()).slice(-11)}`;
    await bs.whatsapp.buyerWrites(waId, utr);
    const [saved] = await answersTo(waId, 1);
    expect(saved).toBe(
      `Thank you: we have your UPI reference for order ${orderId} and are matching it with your payment.`,
    );
    const order = await bs.shop.db.db
      .selectFrom("orders")
      .select(["status", "utr"])
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: "payment_claimed", utr });
    expect((await audit(orderId)).map((e) => e.action)).toContain("order.claimPayment");

    // The operator confirms it: the chat is open (the buyer just wrote), so the news goes as text, once.
    await bs.confirm(orderId);
    await afterJobs(bs.shop.server, "the late payment's news", () =>
      bs.whatsapp.textsTo(waId).some((text) => text.includes(orderId) && text !== saved),
    );
    await runJobs(bs.shop.server);
    const news = (await bs.rows(orderId)).filter((r) => r.channel === "buyer_whatsapp" && r.event !== "chat_reply");
    expect(news.map((r) => `${r.event}:${r.status}`)).toEqual(["unpaid_expired:sent", "late_payment_accepted:sent"]);
    expect(bs.whatsapp.textsTo(waId)).toHaveLength(2);
  });

  it("REFUND <upi id> records where a refund that is due goes, for the operator's payment", async () => {
    const phone = newPhone();
    const waId = waIdOf(phone);
    const orderId = await bs.order({ phone });
    await bs.shop.db.db
      .updateTable("orders")
      .set({ status: "refund_due", paid_at: Date.now(), refund_due_paise: 20_000 })
      .where("order_id", "=", orderId)
      .execute();
    await bs.whatsapp.buyerWrites(waId, "REFUND not-a-upi-id");
    await bs.whatsapp.buyerWrites(waId, "Refund ravi.kumar@okaxis please");
    const replies = await answersTo(waId, 2);
    expect(replies[0]).toContain("does not look like a UPI ID");
    expect(replies[1]).toBe(`Thank you: the refund of ₹200 for order ${orderId} will go to ravi.kumar@okaxis.`);
    const row = await bs.shop.db.db
      .selectFrom("orders")
      .select("refund_upi_id")
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(row.refund_upi_id).toBe("ravi.kumar@okaxis");
    expect((await audit(orderId)).map((e) => e.action)).toContain("order.refundUpiGiven");
    // The chat's words and number are not kept once answered.
    const kept = (await bs.rows()).filter((r) => r.channel === "whatsapp_command" || r.event === "chat_reply");
    for (const r of kept.filter((r) => r.status === "sent")) {
      expect(r.facts).not.toContain("okaxis");
      expect(r.facts).not.toContain(phone);
    }
  });

  it("STOP stops everything for the number until START", async () => {
    const phone = newPhone();
    const waId = waIdOf(phone);
    const orderId = await bs.order({ phone, optIn: true, email: "ravi@example.com" });
    await bs.whatsapp.buyerWrites(waId, "STOP");
    const [stopped] = await answersTo(waId, 1);
    expect(stopped).toContain("you will get no more messages from us");
    // Paid after STOP: nothing is queued on any channel.
    await bs.confirm(orderId);
    await afterJobs(bs.shop.server, "the jobs ran", () => true);
    expect((await bs.rows(orderId)).filter((r) => r.event !== "chat_reply")).toEqual([]);
    expect(bs.whatsapp.templatesTo(waId)).toEqual([]);
    expect((await audit(orderId)).map((e) => e.action)).toContain("order.updatesStopped");

    await bs.whatsapp.buyerWrites(waId, "START");
    const replies = await answersTo(waId, 2);
    expect(replies[1]).toContain("Welcome back");
    const chat = await bs.shop.db.db
      .selectFrom("whatsapp_chats")
      .selectAll()
      .where("wa_id", "=", waId)
      .executeTakeFirst();
    expect(chat?.stopped_at).toBeNull();
  });

  it("answers what it cannot read with HELP, and a message it does not understand with the commands", async () => {
    const phone = newPhone();
    const waId = waIdOf(phone);
    await bs.order({ phone });
    await bs.whatsapp.buyerWrites(waId, "", { type: "unsupported" });
    await bs.whatsapp.buyerWrites(waId, "hello?");
    const replies = await answersTo(waId, 2);
    expect(replies[0]).toBe("We can read only text messages. Write HELP to see what you can ask.");
    expect(replies[1]).toContain("Sorry, we did not understand that.");
    expect(replies[1]).toContain("STATUS – where your order is");
  });

  it("keeps the app secret out of every answer", async () => {
    const answer = await bs.whatsapp.deliver({ object: "whatsapp_business_account", entry: [] });
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body)).not.toContain(DOUBLE_APP_SECRET);
  });
});
