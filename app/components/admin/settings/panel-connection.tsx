import { Loader2, PlugZap } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { type PanelBalance, formatPanelBalance } from "~/components/admin/panel-balance";
import { formatPanelMoney } from "~/lib/panel-money";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { plural } from "~/lib/plural";

interface PanelServiceRow {
  service: string;
  name: string;
  type: string;
  category: string;
  rate: string | null;
  min: number | null;
  max: number | null;
}

type TestResult =
  | { ok: true; balance: PanelBalance; services: PanelServiceRow[]; problems: string[] }
  | { ok: false; message: string; field?: "panelApiKey"; suggestion?: { url: string; message: string } };

interface Props {
  /** The SMM settings form's inputs: what is typed there is tested, before it is saved. */
  urlInputId: string;
  keyInputId: string;
}

const SHOWN_SERVICES = 300;

/**
 * 'Test connection' for the SMM Panel Settings card: asks the panel for its
 * balance and service list with the URL and key currently typed (an empty key
 * means the saved one, which only ever goes to the saved URL), so the operator
 * sees the account works and picks service ids from the list.
 */
export function PanelConnection({ urlInputId, keyInputId }: Props) {
  const fetcher = useFetcher<TestResult>();
  const [filter, setFilter] = useState("");
  const filterId = useId();
  const testing = fetcher.state !== "idle";
  const result = testing ? undefined : fetcher.data;
  const keyNeeded = result?.ok === false && result.field === "panelApiKey";

  // A new URL needs its own key: take the operator straight to the field.
  useEffect(() => {
    if (keyNeeded) document.getElementById(keyInputId)?.focus();
  }, [keyNeeded, keyInputId]);

  /** Puts a suggested address in the URL field, for the operator to test and save (never saved by itself). */
  function fillSuggested(url: string) {
    const input = document.getElementById(urlInputId) as HTMLInputElement | null;
    if (!input) return;
    input.value = url;
    input.focus();
  }

  function test() {
    const value = (id: string) => (document.getElementById(id) as HTMLInputElement | null)?.value ?? "";
    void fetcher.submit(
      { intent: "panel-test", panelUrl: value(urlInputId), panelApiKey: value(keyInputId) },
      { method: "post" },
    );
  }

  const needle = filter.trim().toLowerCase();
  const matching =
    result?.ok === true
      ? result.services.filter(
          (s) => !needle || s.service === needle || `${s.name} ${s.category} ${s.type}`.toLowerCase().includes(needle),
        )
      : [];

  return (
    <Card asChild radius="lg">
      <section aria-labelledby="panel-connection-title">
        <h2 id="panel-connection-title" className="text-lg font-semibold">
          Panel Connection
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          Tries the URL and API key typed above and lists the panel's services, so you can pick their ids. An empty key
          uses the saved one, which is only ever sent to the saved URL: to try another URL, type its key too.
        </p>
        <Button variant="neutral" size="md" onClick={test} disabled={testing} className="mt-4 disabled:opacity-60">
          {testing ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
          ) : (
            <PlugZap className="h-4 w-4" aria-hidden />
          )}
          {testing ? "Testing..." : "Test connection"}
        </Button>

        <div aria-live="polite">
          {result?.ok === false && (
            <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              <span className="font-semibold">Connection failed:</span> {result.message}
            </p>
          )}
          {result?.ok === false && result.suggestion && (
            <div
              className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm"
              data-testid="panel-url-suggestion"
            >
              <p>{result.suggestion.message}</p>
              <Button
                variant="neutral"
                size="sm"
                className="mt-2 h-auto max-w-full whitespace-normal text-left break-all"
                onClick={() => fillSuggested(result.suggestion!.url)}
              >
                Use {result.suggestion.url}
              </Button>
            </div>
          )}
          {result?.ok === true && (
            <div className="mt-4 space-y-3">
              <p className="rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900">
                <span className="font-semibold">Connected.</span> Balance:{" "}
                <span className="font-semibold" data-testid="panel-test-balance">
                  {formatPanelBalance(result.balance)}
                </span>{" "}
                · {plural(result.services.length, "service")}
              </p>
              {result.problems.length > 0 && (
                <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm">
                  <p className="font-semibold">Some of the panel's services list could not be used as sent:</p>
                  <ul className="mt-1 list-disc pl-5">
                    {result.problems.map((problem) => (
                      <li key={problem}>{problem}</li>
                    ))}
                  </ul>
                </div>
              )}
              {result.services.length > 0 && (
                <>
                  <label htmlFor={filterId} className="block text-sm font-medium">
                    Find a service
                  </label>
                  <Input
                    size="sm"
                    id={filterId}
                    type="search"
                    value={filter}
                    onChange={(e) => setFilter(e.target.value)}
                    placeholder="Id, name or category, e.g. followers"
                  />
                  <div className="max-h-80 overflow-auto rounded-lg border border-gray-200">
                    <table className="w-full text-sm">
                      <caption className="sr-only">Panel services</caption>
                      <thead className="sticky top-0 bg-gray-50 text-left text-xs text-gray-700">
                        <tr>
                          {["ID", "Name", "Type", "Rate per 1000", "Min", "Max"].map((h) => (
                            <th key={h} scope="col" className="px-2 py-1.5 font-semibold">
                              {h}
                            </th>
                          ))}
                        </tr>
                      </thead>
                      <tbody>
                        {matching.slice(0, SHOWN_SERVICES).map((s) => (
                          <tr key={s.service} className="border-t border-gray-100 align-top">
                            <td className="px-2 py-1.5 font-mono font-semibold">{s.service}</td>
                            <td className="px-2 py-1.5">
                              {s.name}
                              {s.category && <div className="text-xs text-gray-600">{s.category}</div>}
                            </td>
                            <td className="px-2 py-1.5">{s.type}</td>
                            <td className="px-2 py-1.5 whitespace-nowrap">
                              {s.rate === null ? "—" : formatPanelMoney(s.rate, result.balance.currency)}
                            </td>
                            <td className="px-2 py-1.5">{s.min ?? "—"}</td>
                            <td className="px-2 py-1.5">{s.max ?? "—"}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                  {matching.length > SHOWN_SERVICES && (
                    <p className="text-xs text-gray-600">
                      Showing {SHOWN_SERVICES} of {matching.length} matching services; narrow the search to see the
                      rest.
                    </p>
                  )}
                  {matching.length === 0 && (
                    <p className="text-sm text-gray-600">No service matches “{filter.trim()}”.</p>
                  )}
                </>
              )}
            </div>
          )}
        </div>
      </section>
    </Card>
  );
}
