import { Fragment } from "react";
import { DOC_MENTION, isOperatorDoc } from "~/lib/operator-docs";
import { DocLink } from "./doc-link";

/**
 * A help text as written ("How to set up: docs/payments.md"), with each
 * mention of a guide made a link to its admin page, named by its title
 * (issue 45: an operator on a phone cannot open a file path).
 */
export function HelpText({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(DOC_MENTION)) {
    const name = match[1]!;
    if (!isOperatorDoc(name)) continue;
    parts.push(text.slice(last, match.index));
    parts.push(<DocLink key={match.index} name={name} anchor={match[2]?.slice(1)} />);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts.map((part, i) => (typeof part === "string" ? <Fragment key={`t${i}`}>{part}</Fragment> : part))}</>;
}
