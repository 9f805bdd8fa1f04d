import type { Resources } from "~/lib/i18n/resources";

export default {
  title: "अपना ऑर्डर ट्रैक करें",
  description: "अपने ऑर्डर ID और फ़ोन नंबर से अपने Instagram ऑर्डर का स्टेटस देखें।",
  orderId: "ऑर्डर ID",
  phone: "ऑर्डर में दिया गया फ़ोन नंबर",
  phoneHint: "आपका 10 अंकों का मोबाइल नंबर; +91 या शुरू में 0 लगाकर भी चलेगा।",
  checking: "देख रहे हैं...",
  submit: "ऑर्डर ट्रैक करें",
  order: "ऑर्डर {{orderId}}",
  service: "सर्विस",
  serviceName: {
    followers: "Instagram फ़ॉलोअर्स",
    likes: "Instagram लाइक्स",
    views: "Instagram व्यूज़",
    comments: "Instagram कमेंट्स",
  },
  quantity: "मात्रा",
  target: "किस पर",
  startCount: "शुरुआती गिनती",
  deliveredSoFar: "अब तक डिलीवर",
  deliveredOf: "{{quantity}} में से {{delivered}}",
} satisfies Resources["track"];
