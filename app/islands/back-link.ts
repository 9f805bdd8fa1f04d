/**
 * A "Back" link to the home page: back within the shop when the visitor came
 * from one of its pages, the link itself when this was the first page opened.
 */
export function enhanceBackLink(link: HTMLElement): () => void {
  const onClick = (e: MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    const referrer = document.referrer ? new URL(document.referrer) : null;
    const inApp = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
    if (!inApp && (referrer?.origin !== window.location.origin || window.history.length < 2)) return;
    e.preventDefault();
    window.history.back();
  };
  link.addEventListener("click", onClick);
  return () => link.removeEventListener("click", onClick);
}
