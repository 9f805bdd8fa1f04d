import { createHmac } from "node:crypto";

/** Rupees as an HDFC alert writes them: 34897 → "348.97". */
export function rupees(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;
}

/** An HDFC Bank UPI credit SMS for this amount, as the bank words it. */
export function hdfcCreditSms(amountPaise: number, utr: string, vpa = "asha.verma@okicici"): string {
  return (
    `Money Received - INR ${rupees(amountPaise)} in your HDFC Bank A/c xx1234 on 21-05-25 from ${vpa} ASHA VERMA ` +
    `(UPI Ref No. ${utr}). Avl bal:INR 12,345.67`
  );
}

/** The webhook body SMS Gateway for Android sends for a received SMS. */
export function gatewayBody(text: string, from = "VM-HDFCBK", id = `m${Math.random().toString(36).slice(2)}`): string {
  return JSON.stringify({
    deviceId: "ffffffffceb0b1db0000018e937c815b",
    event: "sms:received",
    id,
    payload: { messageId: id, message: text, phoneNumber: from, simNumber: 1, receivedAt: new Date().toISOString() },
    webhookId: "payments",
  });
}

/** Signs as the forwarder does: hex HMAC-SHA256 of the raw body followed by the Unix-seconds timestamp. */
export function signedHeaders(secret: string, body: string, at = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(at / 1000));
  const signature = createHmac("sha256", secret)
    .update(body + timestamp)
    .digest("hex");
  return { "content-type": "application/json", "x-timestamp": timestamp, "x-signature": signature };
}

export function postSms(baseUrl: string, body: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${baseUrl}/api/payments/sms-alert`, { method: "POST", headers, body });
}
