export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: string;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      {eyebrow && <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{eyebrow}</p>}
      <h2 id={id} className="mt-1 text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">
        {title}
      </h2>
      {intro && <p className="mt-3 text-base leading-relaxed text-gray-700">{intro}</p>}
    </div>
  );
}
