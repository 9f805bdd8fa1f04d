import { useFetcher } from "react-router";
import { useActionToast } from "~/components/admin/use-action-toast";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { istDateTime } from "~/lib/ist-time";
import type { RememberedDevice } from "~/domain/auth/session.server";
import { RECENT_PASSWORD_MINUTES } from "~/domain/auth/recent-password";

/**
 * The devices the operator asked to be remembered at sign-in (30 days), each
 * with Forget; a new password forgets them all. The danger zone, secrets,
 * account changes and restores still ask for the password after 15 minutes.
 */
export function RememberedDevices({ devices }: { devices: RememberedDevice[] }) {
  return (
    <SectionCard
      id="devices"
      title="Remembered devices"
      description={
        <>
          Devices where you ticked &quot;Remember this device&quot; at sign-in stay signed in for up to 30 days.
          Deleting data, restoring a backup, changing a secret or your account still asks for your password when it was
          not entered in the last {RECENT_PASSWORD_MINUTES} minutes. A new password forgets every device.
        </>
      }
    >
      {devices.length === 0 ? (
        <p className="mt-3 text-sm text-gray-700">No device is remembered.</p>
      ) : (
        <ul className="mt-3 divide-y divide-gray-100">
          {devices.map((device) => (
            <DeviceRow key={device.id} device={device} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function DeviceRow({ device }: { device: RememberedDevice }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  useActionToast(fetcher, { failureTitle: "Device not forgotten" });
  const name = device.device ?? "A browser";
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="remembered-device">
      <div className="min-w-0 text-sm">
        <p className="font-medium">
          {name}
          {device.current && (
            <span className="ml-2 rounded bg-brand-50 px-1.5 text-xs text-brand-700">this device</span>
          )}
        </p>
        <p className="text-gray-600">
          Since {istDateTime(device.since)} IST · until {istDateTime(device.until)} IST
        </p>
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="forget-device" />
        <input type="hidden" name="device" value={device.id} />
        <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== "idle"}>
          Forget<span className="sr-only"> {name}</span>
        </Button>
      </fetcher.Form>
    </li>
  );
}
