/** Every word the buyer reads about gradual (drip-feed) delivery, in one place so it can be translated. */
export const DRIP_FEED_TEXT = {
  /** On the plan card and the order. */
  plan: (runs: number, everyMinutes: string) => `Delivered gradually: ${runs} parts, one every ${everyMinutes}`,
  heading: "Gradual delivery",
  runsDone: (done: number, runs: number) => `${done} of ${runs} parts delivered`,
  nextRun: (time: string) => `Next part around ${time} IST`,
  minutes: (n: number) => (n === 1 ? "minute" : `${n} minutes`),
  hours: (n: number) => (n === 1 ? "hour" : `${n} hours`),
} as const;
