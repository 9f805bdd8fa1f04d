import { type VariantProps, cva } from "class-variance-authority";
import type { ComponentProps, ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** One band of the home page: its heading (eyebrow, title, intro) above what it shows. */
export const homeSectionVariants = cva("scroll-mt-16 px-4 py-16", {
  variants: {
    tone: { plain: "", tinted: "bg-gray-50" },
  },
  defaultVariants: { tone: "plain" },
});

const WIDTH = { "3xl": "max-w-3xl", "4xl": "max-w-4xl", "6xl": "max-w-6xl" } as const;

export function HomeSection({
  headingId,
  copy,
  tone,
  width,
  children,
  ...props
}: Omit<ComponentProps<"section">, "title"> &
  VariantProps<typeof homeSectionVariants> & {
    headingId: string;
    /** Where its words are in the home texts: `<copy>.eyebrow`, `.title` and, when it has one, `.intro`. */
    copy: string;
    width: keyof typeof WIDTH;
    children: ReactNode;
  }) {
  const { t } = useTranslation("home");
  const intro = t(`${copy}.intro`, { defaultValue: "" });
  return (
    <section {...props} aria-labelledby={headingId} className={homeSectionVariants({ tone })}>
      <div className={`mx-auto ${WIDTH[width]}`}>
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{t(`${copy}.eyebrow`)}</p>
          <h2 id={headingId} className="mt-1 text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">
            {t(`${copy}.title`)}
          </h2>
          {intro && <p className="mt-3 text-base leading-relaxed text-gray-700">{intro}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
