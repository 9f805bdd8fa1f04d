/** The policy pages' headings (their bodies are English documents) and the contact page. */
export default {
  titles: {
    "privacy-policy": "Privacy Policy",
    "terms-of-service": "Terms of Service",
    "delivery-policy": "Delivery Policy",
    "refund-policy": "Refund Policy",
  },
  /** The cancellation fee both ways, from the setting (app/components/site/cancellation-terms.tsx). */
  fees: {
    buyer:
      "If you cancel an order yourself before delivery begins, we keep a cancellation fee of {{percent}}% of the refund for payment handling: if you paid {{paid}} and cancel, you receive {{back}}.",
    shop: "If we cancel a paid order ourselves, we bear the same charge: you get everything you paid back plus {{percent}}% of it on top (Consumer Protection (E-Commerce) Rules, 2020, rule 4(6)). On a {{paid}} order, you receive {{back}}.",
    none: "There is no cancellation fee: whether you cancel an order before delivery begins or we cancel it, you get everything you paid back.",
  },
  /** The privacy policy's retention terms, from the setting (app/components/site/retention-terms.tsx). */
  retention: {
    kept: "Your name, phone number, e-mail address, refund UPI ID and the Instagram accounts and links of your orders are erased automatically {{days}} days after your order. India's Digital Personal Data Protection Rules, 2025 (rule 8(3)) ask us to keep personal data and the logs of processing it for at least one year.",
    erase:
      "You can have them erased sooner: choose “Erase my data” on the order tracking page (with your order ID and phone number). An order still being delivered or refunded is erased as soon as it finishes.",
    money:
      "Order and payment records (order ID, plan, amount, date and payment reference) stay for about 8 years, as the GST law (CGST Act, section 36) and the income-tax rules (rule 6F) require.",
  },
  /** Shown above an English document on a page in another language; empty in English. */
  englishOnly: "",
  contact: {
    title: "Contact Us",
    description:
      "Get help with an order from {{brand}}: chat on WhatsApp or e-mail us with your order ID. Seller details and Grievance Officer contact.",
    back: "Back",
    intro:
      "Questions about an order? Message us on WhatsApp or send an e-mail, and include your order ID (and your UPI reference number, if you have paid) so we can help you faster.",
    whatsapp: "Chat on WhatsApp",
    whatsappText: "Hi {{brand}}, I need help with my order. My order ID is: ",
    email: "Email {{email}}",
    emailSubject: "Help with my order",
    emailReply: "We reply by e-mail",
    phone: "Phone: ",
    seller: "Seller details",
    businessName: "Business name",
    brand: "Brand",
    location: "Location",
    emailLabel: "E-mail",
    grievance: "Grievance Officer",
    name: "Name",
    designation: "Designation",
    contact: "Contact",
    reportLink: "Report a problem with an order: get a ticket number",
    grievanceText:
      "We acknowledge complaints within 48 hours and aim to resolve them within 30 days of receipt, under India's Consumer Protection (E-Commerce) Rules, 2020.",
  },
};
