import { Card } from "~/components/ui/card";
import { SectionHeading } from "./section-heading";

export function HowItWorks({ deliveryStartMinutes }: { deliveryStartMinutes: string }) {
  const steps = [
    { title: "Choose a service", text: "Followers, likes, views or comments: pick what you want to grow." },
    { title: "Enter your username or post link", text: "Your account must be public. We never need your password." },
    { title: "Pick a package and pay by UPI", text: "Scan the QR code or open your UPI app, and keep your order ID." },
    {
      title: "Watch your profile grow",
      text: `Delivery starts within ${deliveryStartMinutes} minutes of confirmed payment. Track it any time.`,
    },
  ];
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="scroll-mt-16 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="how-title" eyebrow="How it works" title="Four simple steps" />
        <ol className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, i) => (
            <Card asChild key={step.title} padding="lg" shadow="none" className="relative">
              <li>
                <span
                  aria-hidden="true"
                  className="inline-flex size-10 items-center justify-center rounded-full bg-brand-600 text-lg font-extrabold text-white"
                >
                  {i + 1}
                </span>
                <h3 className="mt-3 font-bold text-ink">
                  <span className="sr-only">Step {i + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-1 text-sm leading-relaxed text-gray-700">{step.text}</p>
              </li>
            </Card>
          ))}
        </ol>
      </div>
    </section>
  );
}
