import { useTranslation } from "react-i18next";
import { useHydrated } from "~/lib/use-hydrated";
import { useMessageText } from "~/components/use-message";
import { useId, useRef, useState } from "react";
import type { ServiceType } from "~/domain/panel/service-types";
import { INPUT_MESSAGES, SERVICE_INPUTS, readStepOne } from "~/domain/orders/instagram-input";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

export interface TargetValues {
  username?: string;
  postLink?: string;
}

/** What the server answered a step one sent as a plain form: the values, and what to say about them. */
export interface StepOneInitial extends TargetValues {
  error?: { field: "username" | "postLink"; message: string };
  /** The clean-up changed the username: the buyer checks it before the packages show. */
  readAs?: string;
}

type FormState =
  | { kind: "idle" }
  | { kind: "validating" }
  | { kind: "error"; field: "username" | "postLink"; message: string }
  | { kind: "check"; username: string };

/**
 * Step one of a service page: username and/or post link, checked with the
 * same rules the server applies (readStepOne). States: idle, validating,
 * inline error, "we read this as", then `onComplete` with the cleaned values.
 *
 * It is a plain GET form to the page itself too, so a tap or Enter before
 * React runs (ADR 0011) is answered by the server with the packages, or with
 * the same message the browser would have shown (`initial`).
 */
export function InstagramInputForm({
  service,
  action,
  busy,
  initial = {},
  onComplete,
}: {
  service: ServiceType;
  /** The page's own address, where the form goes without JavaScript. */
  action: string;
  /** True while the page moves on to the packages, so the button keeps saying "Validating...". */
  busy: boolean;
  initial?: StepOneInitial;
  onComplete: (values: TargetValues) => void;
}) {
  const needs = SERVICE_INPUTS[service];
  const { t } = useTranslation("service");
  const message = useMessageText();
  const [username, setUsername] = useState(initial.username ?? "");
  const [postLink, setPostLink] = useState(initial.postLink ?? "");
  const [state, setState] = useState<FormState>(
    initial.error
      ? { kind: "error", ...initial.error }
      : initial.readAs
        ? { kind: "check", username: initial.readAs }
        : { kind: "idle" },
  );
  const ids = { username: useId(), postLink: useId(), error: useId() };
  // By reference, not by id: a page React starts late (ADR 0011) keeps the server's ids, which may differ from React's.
  const fields = { username: useRef<HTMLInputElement>(null), postLink: useRef<HTMLInputElement>(null) };
  // The server's HTML keeps the button enabled, so a tap before React runs sends the form; React then disables it while empty.
  const running = useHydrated();

  const empty = (needs.username && username.trim() === "") || (needs.postLink && postLink.trim() === "");
  const validating = state.kind === "validating" || busy;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (empty || validating) return;
    setState({ kind: "validating" });
    try {
      const result = readStepOne(service, { username, postLink });
      if (result.kind === "error") {
        setState(result);
        fields[result.field].current?.focus();
        return;
      }
      if (result.kind === "check") {
        setUsername(result.username);
        setState({ kind: "check", username: result.username });
        fields.username.current?.focus();
        return;
      }
      if (result.username !== null) setUsername(result.username);
      setState({ kind: "idle" });
      onComplete({ username: result.username ?? undefined, postLink: result.postLink ?? undefined });
    } catch {
      setState({ kind: "error", field: needs.username ? "username" : "postLink", message: INPUT_MESSAGES.generic });
    }
  }

  // One message under both fields, naming the field it is about.
  const describedBy = (field: "username" | "postLink") =>
    state.kind === "error" && state.field === field
      ? { invalid: true, describedBy: ids.error }
      : state.kind === "check" && field === "username"
        ? { describedBy: ids.error }
        : {};
  const edited = () => {
    if (state.kind === "error" || state.kind === "check") setState({ kind: "idle" });
  };

  return (
    <Card asChild>
      <form method="get" action={action} onSubmit={submit} noValidate className="space-y-4">
        {needs.username && (
          <Field id={ids.username} label={t("form.username")} {...describedBy("username")}>
            {(control) => (
              <Input
                {...control}
                ref={fields.username}
                name="username"
                value={username}
                onChange={(e) => {
                  setUsername(e.target.value);
                  edited();
                }}
                placeholder="@yourusername"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={64}
              />
            )}
          </Field>
        )}
        {needs.postLink && (
          <Field
            id={ids.postLink}
            label={t(service === "views" ? "form.reelLink" : "form.postLink")}
            {...describedBy("postLink")}
          >
            {(control) => (
              <Input
                {...control}
                ref={fields.postLink}
                name="postLink"
                type="url"
                inputMode="url"
                value={postLink}
                onChange={(e) => {
                  setPostLink(e.target.value);
                  edited();
                }}
                placeholder={service === "views" ? "https://www.instagram.com/reel/…" : "https://www.instagram.com/p/…"}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={300}
              />
            )}
          </Field>
        )}
        {state.kind === "error" && (
          <FieldError id={ids.error} className="mt-0">
            {message(state.message)}
          </FieldError>
        )}
        {state.kind === "check" && (
          <p
            id={ids.error}
            role="status"
            className="rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900"
            data-testid="username-read-as"
          >
            {t("form.readAs", { username: state.username })}
          </p>
        )}
        <Button type="submit" disabled={running && (empty || validating)} className="w-full">
          {t(validating ? "form.validating" : "form.show")}
        </Button>
      </form>
    </Card>
  );
}
