import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown, LogOut, UserCog, UserRound } from "lucide-react";
import { Link, useSubmit } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import { formatRemaining, useSessionClock } from "./use-session-clock";

export function SessionMenu({
  username,
  expiresAt,
  serverNow,
}: {
  username: string;
  expiresAt: number;
  serverNow: number;
}) {
  const remaining = useSessionClock(expiresAt, serverNow);
  const submit = useSubmit();
  // Disabled until React runs: a tap before then would open nothing.
  const running = useHydrated();
  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while its links and buttons stay
    // focusable, which screen readers trip over; Escape, a click outside or Tab still close it.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        disabled={!running}
        className="flex items-center gap-2 rounded-lg px-3 py-1.5 text-sm hover:bg-gray-100"
      >
        <UserRound className="h-5 w-5 text-gray-600" aria-hidden />
        <span className="text-left leading-tight">
          <span className="block font-semibold">Admin</span>
          <span className="block text-xs text-gray-600">{formatRemaining(remaining)}</span>
        </span>
        <ChevronDown className="h-4 w-4 text-gray-500" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-44 rounded-lg border border-gray-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="max-w-64 truncate px-2 py-1.5 text-xs text-gray-600">
            Signed in as <span className="font-medium text-gray-900">{username}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-gray-200" />
          <DropdownMenu.Item
            asChild
            className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-gray-800 outline-none data-[highlighted]:bg-gray-100"
          >
            <Link to="/admin/account">
              <UserCog className="h-4 w-4" aria-hidden />
              My Account
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-red-700 outline-none data-[highlighted]:bg-red-50"
            onSelect={() => submit({ intent: "logout" }, { method: "post", action: "/admin/logout" })}
          >
            <LogOut className="h-4 w-4" aria-hidden />
            Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
