let running: { until: number } | null = null;

/**
 * Bursts of confetti from both sides for `durationMs` (a call while bursts are
 * running extends them rather than stacking a second canvas). canvas-confetti
 * is fetched on first use only, and draws on our own canvas without a worker:
 * its default worker comes from a blob: URL, which the CSP rightly refuses.
 */
export async function celebrate(durationMs: number): Promise<void> {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  if (running) {
    running.until = Math.max(running.until, Date.now() + durationMs);
    return;
  }
  const state = { until: Date.now() + durationMs };
  running = state;
  const { default: create } = await import("canvas-confetti");
  const canvas = document.createElement("canvas");
  canvas.setAttribute("aria-hidden", "true");
  canvas.dataset.confetti = "running";
  canvas.style.cssText = "position:fixed;inset:0;width:100%;height:100%;pointer-events:none;z-index:60";
  document.body.appendChild(canvas);
  const fire = create.create(canvas, { resize: true, useWorker: false });
  const colors = ["#d6246e", "#f59e0b", "#7c3aed", "#10b981"];
  // Each burst settles when its last particle has fallen.
  const bursts: Array<Promise<unknown>> = [];
  const burst = (angle: number, x: number) => {
    const settled = fire({ particleCount: 3, angle, spread: 55, origin: { x, y: 0.7 }, colors });
    if (settled) bursts.push(settled);
  };
  await new Promise<void>((resolve) => {
    const frame = () => {
      burst(60, 0);
      burst(120, 1);
      if (Date.now() < state.until) window.setTimeout(frame, 60);
      else resolve();
    };
    frame();
  });
  running = null;
  canvas.dataset.confetti = "settling";
  await Promise.all(bursts);
  fire.reset();
  canvas.remove();
}
