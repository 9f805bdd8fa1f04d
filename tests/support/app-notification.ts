import { rupees } from "./sms";

/**
 * A business payment app's notification as the Tasker recipe in docs/payments.md sends it: the posting
 * app's package, the notification's title and text, when it was posted. The text is PhonePe Business's
 * wording (ys-pro-duction/UNotifyer's tests): "You've received Rs 35 from … via PhonePe for txn T…".
 */
export function phonepeNotification(
  amountPaise: number,
  txn = `T${Date.now()}${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`,
  app = "com.phonepe.app.business",
): string {
  return JSON.stringify({
    app,
    title: `Received Rs ${rupees(amountPaise)}`,
    text: `You've received Rs ${rupees(amountPaise)} from ******4892 via PhonePe for txn ${txn}.`,
    postedAt: Date.now(),
    id: `n${Math.random().toString(36).slice(2)}`,
  });
}

export function postAppAlert(baseUrl: string, body: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${baseUrl}/api/payments/app-alert`, { method: "POST", headers, body });
}
