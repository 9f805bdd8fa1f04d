/**
 * What the shop sends a buyer about their order on WhatsApp, as a browser
 * notification and by e-mail, and its answers in the WhatsApp chat
 * (app/domain/buyer-messages/, docs/buyer-messages.md). Sent by the server
 * only, so not part of the storefront's pages' texts (index.ts). Each says only
 * what is true when its event happened.
 */
export default {
  events: {
    payment_confirmed: {
      title: "Payment received for order {{orderId}}",
      body: "We received your payment of {{amount}} for order {{orderId}} ({{plan}}). Delivery starts within {{minutes}} minutes; we will tell you when it starts and when it is done. Track it: {{trackUrl}}",
    },
    late_payment_accepted: {
      title: "Your payment for order {{orderId}} was accepted",
      body: "Your payment of {{amount}} for order {{orderId}} reached us after the payment window closed, and we accepted it. Delivery starts within {{minutes}} minutes. Track it: {{trackUrl}}",
    },
    delivery_started: {
      title: "Delivery of order {{orderId}} has started",
      body: "Delivery of order {{orderId}} ({{quantity}} {{service}} for {{target}}) has started. Track it: {{trackUrl}}",
    },
    delivered: {
      title: "Order {{orderId}} is delivered",
      body: "Order {{orderId}} is delivered: all {{quantity}} {{service}} for {{target}}. Thank you for your order!",
    },
    refund_due_partial: {
      title: "Order {{orderId}} was partly delivered: refund due",
      body: "We delivered {{delivered}} of {{quantity}} {{service}} for order {{orderId}}. You will get {{refund}} back for the rest, to the UPI account you paid from, within 5–7 business days. To be paid to another UPI ID, reply REFUND and your UPI ID, or give it on {{trackUrl}}",
    },
    refund_due_failed: {
      title: "We could not deliver order {{orderId}}: refund due",
      body: "We could not deliver order {{orderId}}. You will get {{refund}} back, to the UPI account you paid from, within 5–7 business days. To be paid to another UPI ID, reply REFUND and your UPI ID, or give it on {{trackUrl}}",
    },
    refund_due_cancelled: {
      title: "Order {{orderId}} is cancelled: refund due",
      body: "Order {{orderId}} is cancelled as you asked. You will get {{refund}} back ({{fee}} processing fee kept, as our refund policy says), to the UPI account you paid from, within 5–7 business days. To be paid to another UPI ID, reply REFUND and your UPI ID, or give it on {{trackUrl}}",
    },
    refund_sent: {
      title: "Refund sent for order {{orderId}}",
      body: "We sent your refund of {{refund}} for order {{orderId}} to your UPI account. UPI reference: {{reference}}. It can take a few days to show in your bank.",
    },
    refill_started: {
      title: "Refill started for order {{orderId}}",
      body: "The refill for order {{orderId}} has started. We will tell you when it is done. Track it: {{trackUrl}}",
    },
    refill_done: {
      title: "Refill done for order {{orderId}}",
      body: "The refill for order {{orderId}} is done. Thank you for staying with us!",
    },
    unpaid_expired: {
      title: "Order {{orderId}} expired unpaid",
      body: "We did not see a payment of {{amount}} for order {{orderId}} before the payment window closed, so it expired. If you did pay, reply with your 12-digit UPI reference (UTR) or give it on {{trackUrl}}. If not, you can place a new order any time.",
    },
    complaint_opened: {
      title: "Complaint {{ticket}} received",
      body: "We received your complaint about order {{orderId}}. Your ticket number is {{ticket}}: quote it when you write to us. We will acknowledge it within 48 hours and resolve it within one month. Follow it on {{trackUrl}}",
    },
  },
  email: {
    receiptTitle: "Receipt",
    order: "Order: {{orderId}}",
    plan: "Package: {{plan}} ({{quantity}} {{service}} for {{target}})",
    paid: "Amount paid: {{amount}}",
    paidAt: "Paid on: {{paidAt}} IST",
    reference: "Payment reference: {{reference}}",
    next: "What happens next: delivery starts within {{minutes}} minutes, and we e-mail you when it starts and when it is done.",
    track: "Track your order: {{trackUrl}}",
    why: "You get these e-mails because you gave this address with order {{orderId}}. To stop them, open {{trackUrl}} and choose “Stop updates”.",
  },
  chat: {
    help: "Write one of these:\nSTATUS – where your order is\nREFILL – ask for a refill of a delivered order\nCANCEL – cancel an order delivery has not started on\nREFUND your@upi – where to send a refund that is due\nSTOP – no more messages; START – messages again\nAdd an order ID to pick an order, e.g. STATUS {{orderId}}",
    stranger:
      "Sorry, we could not find an order placed with this WhatsApp number. Please write from the phone number you gave with your order, or look your order up on {{trackUrl}}",
    linked: "Order {{orderId}} is linked to this chat: we will send its updates here.",
    status: "Order {{orderId}} ({{plan}}): {{stage}}.",
    progress: "Delivered so far: {{delivered}} of {{quantity}}.",
    others: "Your other orders: {{list}}. Write STATUS and an order ID to see one.",
    pick: "You have several orders: {{list}}. Write the command and an order ID, e.g. {{example}}",
    refillRequested: "Refill requested for order {{orderId}}. We will tell you when it starts.",
    cancelled:
      "Order {{orderId}} is cancelled before delivery started. {{refund}} will be refunded to the UPI account you paid from; we will tell you when it is sent.",
    refundSaved: "Thank you: the refund of {{refund}} for order {{orderId}} will go to {{upiId}}.",
    refundUpiInvalid: "That does not look like a UPI ID. Write REFUND and your UPI ID, for example: REFUND name@okaxis",
    refundNotDue: "Order {{orderId}} has no refund due.",
    utrSaved: "Thank you: we have your UPI reference for order {{orderId}} and are matching it with your payment.",
    stopped:
      "Done: you will get no more messages from us about your orders, on WhatsApp, by e-mail or as notifications. Write START to get them again.",
    started: "Welcome back: we will send you updates about your orders again. Write HELP to see what you can ask.",
    unsupported: "We can read only text messages. Write HELP to see what you can ask.",
    unknown: "Sorry, we did not understand that.",
    busy: "You have sent many messages in a short time. Please wait a few minutes and try again.",
  },
  push: {
    title: "{{brand}}: {{title}}",
  },
};
