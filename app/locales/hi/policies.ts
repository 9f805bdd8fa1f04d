import type { Resources } from "~/lib/i18n/resources";

export default {
  titles: {
    "privacy-policy": "प्राइवेसी पॉलिसी",
    "terms-of-service": "सेवा की शर्तें",
    "delivery-policy": "डिलीवरी पॉलिसी",
    "refund-policy": "रिफ़ंड पॉलिसी",
  },
  englishOnly: "यह दस्तावेज़ अंग्रेज़ी में है।",
  contact: {
    title: "संपर्क करें",
    description:
      "{{brand}} से ऑर्डर में मदद पाएँ: WhatsApp पर चैट करें या अपने ऑर्डर ID के साथ ई-मेल करें। सेलर की जानकारी और शिकायत अधिकारी का संपर्क।",
    back: "वापस",
    intro:
      "ऑर्डर के बारे में कोई सवाल? WhatsApp पर मैसेज करें या ई-मेल भेजें, और अपना ऑर्डर ID (और पेमेंट कर दिया हो तो UPI रेफ़रेंस नंबर) ज़रूर लिखें ताकि हम जल्दी मदद कर सकें।",
    whatsapp: "WhatsApp पर चैट करें",
    whatsappText: "नमस्ते {{brand}}, मुझे अपने ऑर्डर में मदद चाहिए। मेरा ऑर्डर ID है: ",
    email: "{{email}} पर ई-मेल करें",
    emailSubject: "मेरे ऑर्डर में मदद",
    emailReply: "हम ई-मेल से जवाब देते हैं",
    phone: "फ़ोन: ",
    seller: "सेलर की जानकारी",
    businessName: "बिज़नेस का नाम",
    brand: "ब्रांड",
    location: "जगह",
    emailLabel: "ई-मेल",
    grievance: "शिकायत अधिकारी (Grievance Officer)",
    name: "नाम",
    designation: "पद",
    contact: "संपर्क",
    grievanceText:
      "भारत के उपभोक्ता संरक्षण (ई-कॉमर्स) नियम, 2020 के तहत हम शिकायत मिलने के 48 घंटे के अंदर उसकी पुष्टि करते हैं और 30 दिनों के अंदर उसे सुलझाने की कोशिश करते हैं।",
  },
} satisfies Resources["policies"];
