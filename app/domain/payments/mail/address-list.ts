/**
 * The addresses of an RFC 5322 address list (a To or Cc header's value,
 * unfolded), as a mail program reads them: only what is inside the angle
 * brackets of `Name <local@domain>`, or a bare `local@domain`. Display names,
 * quoted strings and comments are never addresses, so `"alerts@shop" <x@y>`
 * and `x@y (alerts@shop)` name x@y alone (security round 4, finding 4: the To
 * check matched any address-shaped text in the raw header). Group syntax
 * (`Team: a@b, c@d;`) gives its members. A mailbox that is not well formed
 * (two addresses in one, a name without brackets, an unterminated quote,
 * comment or bracket) gives nothing: a header read wrongly must never name
 * the shop's address.
 */

/** A plain addr-spec: dot-atom local part, a host name. Quoted local parts and domain literals are not taken. */
const PLAIN_ADDRESS = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[a-z0-9-]+(?:\.[a-z0-9-]+)*$/;

/** Where the quoted string opening at `start` ends (its closing quote), or -1 when it never does. */
function quotedEnd(value: string, start: number): number {
  for (let i = start + 1; i < value.length; i++) {
    if (value[i] === "\\") i++;
    else if (value[i] === '"') return i;
  }
  return -1;
}

/** Where the comment opening at `start` ends (comments nest), or -1 when it never does. */
function commentEnd(value: string, start: number): number {
  let depth = 0;
  for (let i = start; i < value.length; i++) {
    const c = value[i];
    if (c === "\\") i++;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  return -1;
}

/** The angle-addr opening at `start`: its address without comments, spaces or a route, and where it ends. */
function angleAddress(value: string, start: number): { address: string; end: number } | null {
  let address = "";
  for (let i = start + 1; i < value.length; i++) {
    const c = value[i]!;
    if (c === ">") {
      // An obsolete route (`<@relay.test:mary@example.net>`) is not part of the address.
      if (address.startsWith("@")) address = address.slice(address.indexOf(":") + 1 || address.length);
      return { address, end: i };
    }
    if (c === "<") return null;
    if (c === "(") {
      i = commentEnd(value, i);
      if (i === -1) return null;
    } else if (c === '"') {
      const end = quotedEnd(value, i);
      if (end === -1) return null;
      address += value.slice(i, end + 1);
      i = end;
    } else if (!/\s/.test(c)) address += c;
  }
  return null;
}

/** The addresses in the list, lower-cased, in order. */
export function addressesIn(value: string): string[] {
  const found: string[] = [];
  let words: string[] = [];
  let word = "";
  let angles: string[] = [];
  const endWord = () => {
    if (word) words.push(word);
    word = "";
  };
  const endMailbox = () => {
    endWord();
    const address = angles.length === 1 ? angles[0] : angles.length === 0 && words.length === 1 ? words[0] : null;
    const plain = address?.toLowerCase();
    if (plain && PLAIN_ADDRESS.test(plain)) found.push(plain);
    words = [];
    angles = [];
  };

  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === "(") {
      i = commentEnd(value, i);
      if (i === -1) return [];
      endWord();
    } else if (c === '"') {
      const end = quotedEnd(value, i);
      if (end === -1) return [];
      word += value.slice(i, end + 1);
      i = end;
    } else if (c === "<") {
      endWord();
      const angle = angleAddress(value, i);
      if (!angle) return [];
      angles.push(angle.address);
      i = angle.end;
    } else if (c === "," || c === ";") {
      endMailbox();
    } else if (c === ":") {
      // A group's name (`Team:`): never an address; its members follow.
      endWord();
      if (angles.length > 0) return [];
      words = [];
    } else if (c === ">") {
      return [];
    } else if (/\s/.test(c)) {
      endWord();
    } else {
      word += c;
    }
  }
  endMailbox();
  return found;
}
