import { Link } from "react-router";
import { OPERATOR_DOCS, type OperatorDoc, operatorDocHref } from "~/lib/operator-docs";

/** A link to a guide's admin page (at one of its sections, by heading or anchor), named by its title. */
export function DocLink({ name, section, anchor }: { name: OperatorDoc; section?: string; anchor?: string }) {
  return (
    <Link
      to={anchor ? `${operatorDocHref(name)}#${anchor}` : operatorDocHref(name, section)}
      className="font-medium text-brand-700 underline underline-offset-2"
    >
      {OPERATOR_DOCS[name]}
    </Link>
  );
}
