/** /track: looking an order up, and what it shows. */
export default {
  title: "Track your order",
  description: "Check the status of your Instagram order with your order ID and phone number.",
  orderId: "Order ID",
  phone: "Phone number used for the order",
  phoneHint: "Your 10-digit mobile number; with +91 or a leading 0 is fine too.",
  checking: "Checking...",
  submit: "Track order",
  order: "Order {{orderId}}",
  service: "Service",
  serviceName: {
    followers: "Instagram followers",
    likes: "Instagram likes",
    views: "Instagram views",
    comments: "Instagram comments",
  },
  quantity: "Quantity",
  target: "Target",
  startCount: "Start count",
  deliveredSoFar: "Delivered so far",
  deliveredOf: "{{delivered}} of {{quantity}}",
};
