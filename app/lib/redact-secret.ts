/**
 * Takes a secret out of a text meant for people (a mail server's error reply,
 * shown to the operator and logged). Only the secret itself is replaced,
 * where it stands as itself: not where its characters happen to make up part
 * of a longer word. A password "or" leaves "user name or password" alone
 * (the old `split(password).join("•••")` turned it into "user name ••• passw•••d"),
 * while a server that echoes the password back, quoted, after a colon or on
 * its own, has it replaced.
 */
export const REDACTED = "•••";

const WORD = /[\p{L}\p{N}_]/u;

export function redactSecret(text: string, secret: string | null | undefined): string {
  if (!secret) return text;
  // A side of the secret that is itself a word character must meet a non-word one (or the text's edge).
  const openStart = !WORD.test(secret[0]!);
  const openEnd = !WORD.test(secret.at(-1)!);
  let out = "";
  let from = 0;
  for (let at = text.indexOf(secret); at !== -1; at = text.indexOf(secret, at + 1)) {
    if (at < from) continue;
    const before = text[at - 1];
    const after = text[at + secret.length];
    const standsAlone = (openStart || !before || !WORD.test(before)) && (openEnd || !after || !WORD.test(after));
    if (!standsAlone) continue;
    out += text.slice(from, at) + REDACTED;
    from = at + secret.length;
  }
  return out + text.slice(from);
}
