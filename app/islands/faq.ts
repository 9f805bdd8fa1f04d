/**
 * The FAQ accordion (app/components/home/faq-accordion.tsx): one answer open
 * at a time, clicking the open question closes it. Every answer is in the
 * HTML, for search engines and for readers before this script runs.
 */
export function enhanceFaq(root: HTMLElement): () => void {
  const buttons = [...root.querySelectorAll<HTMLButtonElement>("button[aria-controls]")];
  const answer = (button: HTMLButtonElement) => document.getElementById(button.getAttribute("aria-controls")!);
  const onClick = (e: MouseEvent) => {
    const clicked = (e.target as Element).closest<HTMLButtonElement>("button[aria-controls]");
    if (!clicked || !buttons.includes(clicked)) return;
    const opening = clicked.getAttribute("aria-expanded") !== "true";
    for (const button of buttons) {
      const open = opening && button === clicked;
      button.setAttribute("aria-expanded", String(open));
      const region = answer(button);
      if (region) region.hidden = !open;
    }
  };
  root.addEventListener("click", onClick);
  return () => root.removeEventListener("click", onClick);
}
