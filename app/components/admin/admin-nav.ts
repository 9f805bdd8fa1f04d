import {
  Activity,
  Banknote,
  LayoutDashboard,
  type LucideIcon,
  MessageSquareQuote,
  MessageSquareWarning,
  Package,
  PlugZap,
  ScrollText,
  Settings,
  ShoppingCart,
  TicketPercent,
} from "lucide-react";

/** Sidebar entries: Dashboard, Orders, Payments, Plans, Coupons, Panels, Social proof, Settings, Health and the audit trail (docs/product.md, Sidebar). */
export const ADMIN_NAV: Array<{ to: string; label: string; icon: LucideIcon }> = [
  { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/admin/orders", label: "Orders", icon: ShoppingCart },
  { to: "/admin/payments", label: "Payments", icon: Banknote },
  { to: "/admin/complaints", label: "Complaints", icon: MessageSquareWarning },
  { to: "/admin/plans", label: "Plans", icon: Package },
  { to: "/admin/coupons", label: "Coupons", icon: TicketPercent },
  { to: "/admin/panels", label: "Panels", icon: PlugZap },
  { to: "/admin/social-proof", label: "Social proof", icon: MessageSquareQuote },
  { to: "/admin/settings", label: "Settings", icon: Settings },
  { to: "/admin/health", label: "Health", icon: Activity },
  { to: "/admin/audit", label: "Audit", icon: ScrollText },
];
