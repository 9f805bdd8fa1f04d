import { MAX_CUSTOM_COMMENTS } from "~/domain/plans/table";

/**
 * The buyer's own comments for a custom-comments plan (issue 32, point 4):
 * one per line, exactly as many as the plan's quantity, each at most
 * MAX_COMMENT_LENGTH characters, control characters taken out, emoji kept.
 * Pure, so the order dialog and the server apply the same rule; the server's
 * word is final. Panels take them as `comments`, one per line (docs/panels.md).
 */

export const COMMENT_MESSAGES = {
  missing: "Please write your comments, one per line",
  count: "Write exactly as many comments as this package has, one per line",
  tooLong: "Each comment can be at most 200 characters",
  hidden: "Comments cannot contain hidden characters (like NUL). Please type them again",
} as const;

/** Characters per comment (code points, so an emoji counts as one). Instagram allows 2,200; panels cut long ones. */
export const MAX_COMMENT_LENGTH = 200;

/**
 * The longest text the server reads, in UTF-16 units (JavaScript's length; an
 * emoji is two): a full plan of the longest emoji comments, with room for the
 * line breaks.
 */
export const MAX_COMMENTS_TEXT = MAX_CUSTOM_COMMENTS * (MAX_COMMENT_LENGTH * 2 + 2);

/** The largest create-order body: the usual 16 KB, plus that text at up to 3 UTF-8 bytes a UTF-16 unit. */
export const CREATE_ORDER_MAX_BYTES = 16 * 1024 + MAX_COMMENTS_TEXT * 3;

// Control characters (C0 and C1, tabs too) and the bidirectional overrides that can disguise text.
// Zero-width joiners and variation selectors stay: emoji are built from them.
// eslint-disable-next-line no-control-regex -- taking control characters out is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export type CommentsResult =
  | { ok: true; comments: string[] }
  | { ok: false; message: (typeof COMMENT_MESSAGES)[keyof typeof COMMENT_MESSAGES]; written: number };

/** The comments as lines: each cleaned and trimmed, blank lines left out. */
export function commentLines(text: string): string[] {
  return text
    .slice(0, MAX_COMMENTS_TEXT)
    .split(/\r\n|\r|\n|\u2028|\u2029/)
    .map((line) => line.replace(CONTROL, " ").replace(/\s+/g, " ").trim())
    .filter((line) => line !== "");
}

/** Checks the buyer's text against the plan's quantity; the clean comments, or why not. */
export function readComments(text: string | null | undefined, quantity: number): CommentsResult {
  const raw = text ?? "";
  if (raw.includes("\u0000")) return { ok: false, message: COMMENT_MESSAGES.hidden, written: 0 };
  if (raw.length > MAX_COMMENTS_TEXT) {
    // More than any plan can take (10,000 lines of spam): counted, never stored.
    return { ok: false, message: COMMENT_MESSAGES.count, written: raw.split(/\r\n|\r|\n/).length };
  }
  const comments = commentLines(raw);
  if (comments.length === 0) return { ok: false, message: COMMENT_MESSAGES.missing, written: 0 };
  if (comments.length !== quantity) return { ok: false, message: COMMENT_MESSAGES.count, written: comments.length };
  if (comments.some((c) => [...c].length > MAX_COMMENT_LENGTH)) {
    return { ok: false, message: COMMENT_MESSAGES.tooLong, written: comments.length };
  }
  return { ok: true, comments };
}

/** The comments kept on an order (a JSON array), or null for an order without its own. */
export function storedComments(json: string | null | undefined): string[] | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) && value.every((c) => typeof c === "string") ? value : null;
  } catch {
    return null;
  }
}
