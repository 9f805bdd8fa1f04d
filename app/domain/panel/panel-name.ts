/** The name a panel gets when none was given: its URL's host, as the operator would call it. */
export function panelNameFromUrl(url: string): string {
  try {
    return new URL(url.trim()).hostname || "Panel 1";
  } catch {
    return "Panel 1";
  }
}
