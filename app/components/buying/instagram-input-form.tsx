import { useTranslation } from "react-i18next";
import { useMessageText } from "~/lib/i18n/use-message";
import { useId, useState } from "react";
import type { ServiceType } from "~/domain/plans/table";
import { INPUT_MESSAGES, SERVICE_INPUTS, validateTarget } from "~/domain/orders/instagram-input";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

export interface TargetValues {
  username?: string;
  postLink?: string;
}

type FormState =
  { kind: "idle" } | { kind: "validating" } | { kind: "error"; field: "username" | "postLink"; message: string };

/**
 * Step one of a service page: username and/or post link, checked with the
 * same rules the server applies. States: idle, validating, inline error, then
 * `onComplete` with the cleaned values.
 */
export function InstagramInputForm({
  service,
  busy,
  onComplete,
}: {
  service: ServiceType;
  /** True while the page moves on to the packages, so the button keeps saying "Validating...". */
  busy: boolean;
  onComplete: (values: TargetValues) => void;
}) {
  const needs = SERVICE_INPUTS[service];
  const { t } = useTranslation("service");
  const message = useMessageText();
  const [username, setUsername] = useState("");
  const [postLink, setPostLink] = useState("");
  const [state, setState] = useState<FormState>({ kind: "idle" });
  const ids = { username: useId(), postLink: useId(), error: useId() };

  const empty = (needs.username && username.trim() === "") || (needs.postLink && postLink.trim() === "");
  const validating = state.kind === "validating" || busy;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (empty || validating) return;
    setState({ kind: "validating" });
    try {
      const result = validateTarget(service, { username, postLink });
      if (!result.ok) {
        setState({ kind: "error", field: result.field, message: result.message });
        document.getElementById(ids[result.field])?.focus();
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
  const errorOn = (field: "username" | "postLink") =>
    state.kind === "error" && state.field === field ? { invalid: true, describedBy: ids.error } : {};

  return (
    <Card asChild>
      <form onSubmit={submit} noValidate className="space-y-4">
        {needs.username && (
          <Field id={ids.username} label={t("form.username")} {...errorOn("username")}>
            {(control) => (
              <Input
                {...control}
                name="username"
                value={username}
                onChange={(e) => {
                  setUsername(e.target.value);
                  if (state.kind === "error") setState({ kind: "idle" });
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
            {...errorOn("postLink")}
          >
            {(control) => (
              <Input
                {...control}
                name="postLink"
                type="url"
                inputMode="url"
                value={postLink}
                onChange={(e) => {
                  setPostLink(e.target.value);
                  if (state.kind === "error") setState({ kind: "idle" });
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
        <Button type="submit" disabled={empty || validating} className="w-full">
          {t(validating ? "form.validating" : "form.show")}
        </Button>
      </form>
    </Card>
  );
}
