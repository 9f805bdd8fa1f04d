import { Badge } from "~/components/ui/badge";
import { BUYER_CHANNEL_LABELS, BUYER_EVENT_LABELS } from "~/domain/buyer-messages/events";
import type { BuyerChannelsView, BuyerMessageEntry } from "~/domain/buyer-messages/history.server";
import { istDateTime } from "~/lib/ist-time";

/** How far a message got, in the operator's words, and how it should feel. */
function stateOf(message: BuyerMessageEntry): { label: string; tone: "neutral" | "success" | "danger" | "attention" } {
  if (message.delivery === "read") return { label: "Read", tone: "success" };
  if (message.delivery === "delivered") return { label: "Delivered", tone: "success" };
  if (message.delivery === "failed" || message.status === "failed") return { label: "Not delivered", tone: "danger" };
  if (message.status === "sent") return { label: "Sent", tone: "success" };
  if (message.status === "sending") return { label: "Sending", tone: "attention" };
  return { label: message.attempts > 0 ? "Waiting to try again" : "Queued", tone: "attention" };
}

/**
 * Every message sent (or queued) to the buyer about this order: which update,
 * on which channel, how far it got (WhatsApp reports delivered and read), and
 * why one did not go. And the channels the buyer chose.
 */
export function BuyerMessages({ view }: { view: BuyerChannelsView }) {
  const chosen = [
    view.whatsappOptIn !== null && `WhatsApp updates ticked at checkout (${istDateTime(view.whatsappOptIn)})`,
    view.whatsappLinked && "linked in the WhatsApp chat",
    view.email && "e-mail given",
    view.browsers > 0 && `notifications on in ${view.browsers} browser${view.browsers === 1 ? "" : "s"}`,
  ].filter(Boolean);
  return (
    <div className="space-y-3 text-sm" data-testid="buyer-messages">
      <p className="text-gray-700">
        {chosen.length > 0 ? `The buyer chose: ${chosen.join("; ")}.` : "The buyer chose no channel for updates."}
        {view.stopped && <strong className="text-red-700"> The buyer wrote STOP: nothing is sent.</strong>}
        {view.chatOpen && " Their WhatsApp chat is open (they wrote in the last 24 hours)."}
      </p>
      {view.messages.length === 0 ? (
        <p className="text-gray-700">No messages to the buyer yet.</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {view.messages.map((message) => {
            const state = stateOf(message);
            return (
              <li key={message.id} className="py-2" data-testid="buyer-message">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">
                    {BUYER_EVENT_LABELS[message.event as keyof typeof BUYER_EVENT_LABELS] ?? message.event}
                  </span>
                  <span className="text-gray-600">{BUYER_CHANNEL_LABELS[message.channel] ?? message.channel}</span>
                  <Badge tone={state.tone}>{state.label}</Badge>
                  <span className="text-xs text-gray-600">
                    {istDateTime(message.sentAt ?? message.createdAt)}
                    {message.status === "pending" && message.nextAttemptAt > message.createdAt
                      ? ` · next try ${istDateTime(message.nextAttemptAt)}`
                      : ""}
                  </span>
                </div>
                {message.error && state.tone !== "success" && (
                  <p className="mt-1 text-xs text-red-700">{message.error}</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
