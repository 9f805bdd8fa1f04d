import { useId, useState } from "react";
import type { ServiceType } from "~/domain/plans/table";
import { INPUT_MESSAGES, SERVICE_INPUTS, validateTarget } from "~/domain/orders/instagram-input";

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

  const errorFor = (field: "username" | "postLink") => (state.kind === "error" && state.field === field ? state : null);
  const inputClass = (field: "username" | "postLink") =>
    `mt-1 block w-full rounded-xl border px-4 py-3 text-base outline-none focus:ring-2 focus:ring-brand-500 ${
      errorFor(field) ? "border-red-600" : "border-gray-300"
    }`;

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
      {needs.username && (
        <div>
          <label htmlFor={ids.username} className="block text-sm font-semibold">
            Instagram username
          </label>
          <input
            id={ids.username}
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
            aria-invalid={Boolean(errorFor("username"))}
            aria-describedby={errorFor("username") ? ids.error : undefined}
            className={inputClass("username")}
          />
        </div>
      )}
      {needs.postLink && (
        <div>
          <label htmlFor={ids.postLink} className="block text-sm font-semibold">
            {service === "views" ? "Reel or IGTV link" : "Post or reel link"}
          </label>
          <input
            id={ids.postLink}
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
            aria-invalid={Boolean(errorFor("postLink"))}
            aria-describedby={errorFor("postLink") ? ids.error : undefined}
            className={inputClass("postLink")}
          />
        </div>
      )}
      {state.kind === "error" && (
        <p id={ids.error} role="alert" className="text-sm font-medium text-red-700">
          {state.message}
        </p>
      )}
      <button
        type="submit"
        disabled={empty || validating}
        className="w-full rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {validating ? "Validating..." : "Show packages"}
      </button>
    </form>
  );
}
