import { ChevronDown } from "lucide-react";
import { useId } from "react";
import { Card } from "~/components/ui/card";
import { useIsland } from "~/components/site/use-island";
import type { FaqItem } from "~/domain/content/home.server";
import { HomeSection } from "./home-section";

/** Every answer closed as sent; app/islands/faq.ts opens one at a time. Answers stay in the HTML for search engines. */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  const base = useId();
  const island = useIsland<HTMLElement>("faq");
  return (
    <HomeSection {...island} id="faq" headingId="faq-title" width="3xl" copy="faq">
      <Card padding="none" shadow="none" className="mt-10 divide-y divide-gray-200">
        {items.map((item, i) => (
          <div key={item.question}>
            <h3>
              <button
                type="button"
                id={`${base}-q${i}`}
                aria-expanded="false"
                aria-controls={`${base}-a${i}`}
                className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-ink hover:text-brand-700"
              >
                {item.question}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 transition-transform group-aria-expanded:rotate-180"
                />
              </button>
            </h3>
            <div
              id={`${base}-a${i}`}
              role="region"
              aria-labelledby={`${base}-q${i}`}
              hidden
              className="px-5 pb-5 leading-relaxed text-gray-700"
            >
              {item.answer}
            </div>
          </div>
        ))}
      </Card>
    </HomeSection>
  );
}
