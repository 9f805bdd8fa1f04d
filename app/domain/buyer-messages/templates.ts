import type { BuyerEvent } from "./events";

/**
 * The WhatsApp utility templates the shop sends outside the 24-hour
 * customer-service window, to buyers who opted in at checkout. The operator
 * submits them for approval in WhatsApp Manager (docs/buyer-messages.md shows
 * these samples) under the names set in Settings → Buyer messages; the shop
 * fills in the body's parameters in this order. Meta refuses a template whose
 * text starts or ends with a parameter, so each has words around them.
 */

/** The values each event's template fills in, as {{1}}, {{2}}… (order-updates.ts names them). */
export const TEMPLATE_PARAMETERS: Record<BuyerEvent, readonly string[]> = {
  payment_confirmed: ["orderId", "amount", "minutes"],
  late_payment_accepted: ["orderId", "amount", "minutes"],
  delivery_started: ["orderId", "quantity", "service"],
  delivered: ["orderId", "quantity", "service"],
  refund_due: ["orderId", "refund"],
  refund_sent: ["orderId", "refund", "reference"],
  refill_started: ["orderId"],
  refill_done: ["orderId"],
  unpaid_expired: ["orderId", "amount"],
  complaint_opened: ["ticket", "orderId"],
};

/** Sample bodies to submit (category Utility), in English and Hindi. */
export const SAMPLE_TEMPLATES: Record<BuyerEvent, { en: string; hi: string }> = {
  payment_confirmed: {
    en: "Thank you! We received your payment of {{2}} for order {{1}}. Delivery starts within {{3}} minutes, and we will tell you when it is done.",
    hi: "धन्यवाद! ऑर्डर {{1}} के लिए आपका {{2}} का पेमेंट हमें मिल गया है। डिलीवरी {{3}} मिनट के अंदर शुरू होगी, और पूरी होने पर हम आपको बताएँगे।",
  },
  late_payment_accepted: {
    en: "Your payment of {{2}} for order {{1}} reached us after the payment window closed, and we accepted it. Delivery starts within {{3}} minutes.",
    hi: "ऑर्डर {{1}} के लिए आपका {{2}} का पेमेंट समय ख़त्म होने के बाद पहुँचा, और हमने उसे स्वीकार कर लिया है। डिलीवरी {{3}} मिनट के अंदर शुरू होगी।",
  },
  delivery_started: {
    en: "Delivery of your order {{1}} ({{2}} {{3}}) has started. We will tell you when it is done.",
    hi: "आपके ऑर्डर {{1}} ({{2}} {{3}}) की डिलीवरी शुरू हो गई है। पूरी होने पर हम आपको बताएँगे।",
  },
  delivered: {
    en: "Good news: your order {{1}} is delivered, all {{2}} {{3}}. Thank you for your order!",
    hi: "अच्छी ख़बर: आपका ऑर्डर {{1}} डिलीवर हो गया है, सभी {{2}} {{3}}। ऑर्डर के लिए धन्यवाद!",
  },
  refund_due: {
    en: "We could not deliver all of your order {{1}}. {{2}} will be refunded to the UPI account you paid from within 5-7 business days. Reply REFUND and your UPI ID to be paid to another one.",
    hi: "हम आपका ऑर्डर {{1}} पूरा डिलीवर नहीं कर सके। {{2}} 5-7 कामकाजी दिनों में उसी UPI खाते में वापस आएँगे जिससे आपने पेमेंट किया था। किसी दूसरी UPI ID पर पैसे चाहिए तो REFUND और अपनी UPI ID लिखकर भेजें।",
  },
  refund_sent: {
    en: "We sent your refund of {{2}} for order {{1}}. UPI reference: {{3}}. It can take a few days to show in your bank.",
    hi: "ऑर्डर {{1}} का आपका {{2}} का रिफ़ंड भेज दिया गया है। UPI रेफ़रेंस: {{3}}। बैंक में दिखने में कुछ दिन लग सकते हैं।",
  },
  refill_started: {
    en: "The refill for your order {{1}} has started. We will tell you when it is done.",
    hi: "आपके ऑर्डर {{1}} का रिफ़िल शुरू हो गया है। पूरा होने पर हम आपको बताएँगे।",
  },
  refill_done: {
    en: "The refill for your order {{1}} is done. Thank you for staying with us!",
    hi: "आपके ऑर्डर {{1}} का रिफ़िल पूरा हो गया है। हमारे साथ बने रहने के लिए धन्यवाद!",
  },
  unpaid_expired: {
    en: "Your order {{1}} ({{2}}) expired before we saw a payment. If you did pay, reply with your 12-digit UPI reference (UTR).",
    hi: "आपका ऑर्डर {{1}} ({{2}}) पेमेंट दिखने से पहले ख़त्म हो गया। अगर आपने पेमेंट किया है, तो अपना 12 अंकों का UPI रेफ़रेंस (UTR) जवाब में भेजें।",
  },
  complaint_opened: {
    en: "We received your complaint {{1}} about order {{2}}. We will acknowledge it within 48 hours and resolve it within one month; quote {{1}} when you write to us.",
    hi: "ऑर्डर {{2}} के बारे में आपकी शिकायत {{1}} हमें मिल गई है। हम 48 घंटे के अंदर इसकी पावती देंगे और एक महीने के अंदर इसका समाधान करेंगे; हमें लिखते समय {{1}} बताएँ।",
  },
};

/** The parameters of an event's template, from the message's values (a missing one is "-": Meta refuses empty). */
export function templateParameters(event: BuyerEvent, values: Record<string, string>): string[] {
  return TEMPLATE_PARAMETERS[event].map((name) => values[name] || "-");
}
