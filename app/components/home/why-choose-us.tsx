import { Clock, IndianRupee, KeyRound, LifeBuoy, MapPinned, TrendingUp } from "lucide-react";
import { Card } from "~/components/ui/card";
import { SectionHeading } from "./section-heading";

export function WhyChooseUs({ deliveryStartMinutes }: { deliveryStartMinutes: string }) {
  const reasons = [
    {
      icon: KeyRound,
      title: "No password needed",
      text: "We only need your public username or post link. We never ask for passwords, OTPs or login access.",
    },
    {
      icon: IndianRupee,
      title: "Pay by UPI in rupees",
      text: "Scan the QR code or open your UPI app. The price you see is the price you pay.",
    },
    {
      icon: Clock,
      title: `Starts within ${deliveryStartMinutes} minutes`,
      text: `Delivery starts within ${deliveryStartMinutes} minutes of confirmed payment and usually completes in 24–48 hours.`,
    },
    {
      icon: TrendingUp,
      title: "Gradual delivery",
      text: "Orders arrive in steady batches rather than all at once, so growth looks natural.",
    },
    {
      icon: MapPinned,
      title: "Track your order",
      text: "Check your order's status any time with your order ID and phone number.",
    },
    {
      icon: LifeBuoy,
      title: "Help on WhatsApp and e-mail",
      text: "Message us with your order ID and a person from our team will look into it.",
    },
  ];
  return (
    <section aria-labelledby="why-title" className="bg-gray-50 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="why-title" eyebrow="Why choose us" title="Simple, honest and built for India" />
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {reasons.map(({ icon: Icon, title, text }) => (
            <Card asChild key={title} padding="lg" shadow="none">
              <li>
                <Icon aria-hidden="true" className="size-7 text-brand-600" />
                <h3 className="mt-3 font-bold text-ink">{title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-gray-700">{text}</p>
              </li>
            </Card>
          ))}
        </ul>
      </div>
    </section>
  );
}
