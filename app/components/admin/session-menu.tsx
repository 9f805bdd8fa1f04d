import { ChevronDown, LogOut, UserCog, UserRound } from "lucide-react";
import { Link, useSubmit } from "react-router";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
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
    <DropdownMenu>
      <DropdownMenuTrigger
        disabled={!running}
        className="flex items-center gap-2 rounded-lg px-3 py-1.5 text-sm hover:bg-gray-100"
      >
        <UserRound className="h-5 w-5 text-gray-600" aria-hidden />
        <span className="text-left leading-tight">
          <span className="block font-semibold">Admin</span>
          <span className="block text-xs text-gray-600">{formatRemaining(remaining)}</span>
        </span>
        <ChevronDown className="h-4 w-4 text-gray-500" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent sideOffset={6} className="min-w-44">
        <DropdownMenuLabel className="max-w-64 truncate">
          Signed in as <span className="font-medium text-gray-900">{username}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild className="flex items-center gap-2 text-gray-800">
          <Link to="/admin/account">
            <UserCog className="h-4 w-4" aria-hidden />
            My Account
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem
          tone="danger"
          className="flex items-center gap-2"
          onSelect={() => submit({ intent: "logout" }, { method: "post", action: "/admin/logout" })}
        >
          <LogOut className="h-4 w-4" aria-hidden />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
