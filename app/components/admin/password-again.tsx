import { createContext, useCallback, useContext, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { RECENT_PASSWORD_MINUTES } from "~/domain/auth/recent-password";
import { apiCall } from "~/lib/client/api-client";
import { confirmPasswordEndpoint } from "~/routes/api/admin/confirm-password.types";

type Ask = (retry: () => void) => void;

const AskContext = createContext<Ask | null>(null);

/** How a settings form asks for the password again and, once it is confirmed, sends itself again. */
export function useAskPasswordAgain(): Ask | null {
  return useContext(AskContext);
}

/**
 * The Settings page's "Enter your password again" dialog. A sensitive change
 * (the danger zone, a restore, a new secret) refused because the password
 * was not typed in the last 15 minutes opens it (app/components/admin/use-action-toast.ts);
 * once the password is confirmed on the server, the change is sent again as it was.
 */
export function PasswordAgainProvider({ children }: { children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [checking, setChecking] = useState(false);
  const retry = useRef<(() => void) | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const ask = useCallback<Ask>((again) => {
    retry.current = again;
    setError(undefined);
    setOpen(true);
  }, []);

  async function confirm(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = new FormData(event.currentTarget).get("password");
    setChecking(true);
    const answer = await apiCall(confirmPasswordEndpoint, {
      body: { password: typeof password === "string" ? password : "" },
    });
    setChecking(false);
    if (!answer.ok) {
      setError(answer.error.message);
      field.current?.focus();
      return;
    }
    setOpen(false);
    const again = retry.current;
    retry.current = null;
    again?.();
  }

  return (
    <AskContext.Provider value={ask}>
      {children}
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) retry.current = null;
        }}
      >
        <DialogContent>
          <DialogTitle>Enter your password again</DialogTitle>
          <DialogDescription>
            This change needs your password: it was not entered on this device in the last {RECENT_PASSWORD_MINUTES}{" "}
            minutes.
          </DialogDescription>
          <form onSubmit={(e) => void confirm(e)} className="mt-4 space-y-3" noValidate>
            <Field id="password-again" label="Password" size="sm" error={error}>
              {(control) => (
                <Input
                  {...control}
                  ref={field}
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                  size="sm"
                />
              )}
            </Field>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" size="md" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" size="md" disabled={checking}>
                {checking ? "Checking..." : "Confirm"}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </AskContext.Provider>
  );
}
