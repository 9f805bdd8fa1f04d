/** A five-point star in a 24×24 box, as short as a star can be written. */
const STAR = "12 2 15.1 8.3 22 9.3 17 14.1 18.2 21 12 17.8 5.8 21 7 14.1 2 9.3 8.9 8.3";
const SYMBOL_ID = "rating-star";

/** The star drawn once per page; each rating refers to it (render it once, beside the ratings). */
export function RatingStarSymbol() {
  return (
    <svg aria-hidden="true" className="absolute size-0">
      <symbol id={SYMBOL_ID} viewBox="0 0 24 24">
        <polygon points={STAR} strokeWidth="2" strokeLinejoin="round" />
      </symbol>
    </svg>
  );
}

/**
 * Five stars, the first `rating` filled. Five icon components cost 3 KB of
 * markup per review, which the home page repeats for every review it shows.
 */
export function RatingStars({ rating }: { rating: number }) {
  const star = (i: number) => <use key={i} href={`#${SYMBOL_ID}`} x={i * 24} width="24" height="24" />;
  return (
    <svg viewBox="0 0 120 24" className="h-4 w-20" aria-hidden="true">
      <g className="fill-amber-400 stroke-amber-400">{[0, 1, 2, 3, 4].filter((i) => i < rating).map(star)}</g>
      <g className="fill-none stroke-gray-300">{[0, 1, 2, 3, 4].filter((i) => i >= rating).map(star)}</g>
    </svg>
  );
}
