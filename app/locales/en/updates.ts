/** The buyer's updates about an order: the opt-in and e-mail at checkout, WhatsApp, notifications, stopping them. */
export default {
  email: "E-mail (optional)",
  emailHint: "For your receipt and this order's updates by e-mail.",
  consent: "Send me order updates on WhatsApp",
  consentHint: "Payment received, delivery started, delivered, refunds. Write STOP in the chat any time to stop them.",
  heading: "Updates about this order",
  whatsapp: "Get updates on WhatsApp",
  whatsappText: "Hi! Please send me updates about my order {{orderId}}.",
  whatsappHint:
    "Opens WhatsApp with your order ID filled in: send it, and we answer there. Write HELP in the chat to see what you can ask.",
  notify: "Notify me",
  notifyOff: "Turn off notifications",
  notifyBusy: "Please wait…",
  notifyUnsupported: "This browser cannot show notifications.",
  notifyDenied: "Notifications are blocked for this site in your browser's settings.",
  notifyFailed: "Notifications could not be turned on. Please try again.",
  iphone:
    "On iPhone and iPad, notifications work only after you add this site to your Home Screen (Share → Add to Home Screen) and open it from there.",
  phone: "Phone number used for the order",
  stop: "Stop updates",
  stopHint: "No more WhatsApp messages, e-mails or notifications about this order.",
  refundUpi: "UPI ID for your refund",
  refundUpiHint: "We send the refund to the UPI account you paid from. To get it in another one, give its UPI ID.",
  refundUpiPlaceholder: "e.g. name@okaxis",
  refundUpiSave: "Save UPI ID",
  refundUpiNow: "Your refund goes to {{upiId}}.",
  stopPage: {
    title: "Stop updates",
    text: "No more WhatsApp messages, e-mails or notifications about order {{orderId}}. We also forget the e-mail address you gave with it.",
    button: "Stop updates",
  },
};
