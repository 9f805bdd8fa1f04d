/**
 * What the shop sells, by kind: the service types a plan is one of, and the
 * types a panel names a default service and a link form for. Kept here, at the
 * panel, the lowest feature that needs them (ADR 0040); plans, orders and the
 * storefront read them from here.
 */
export const SERVICE_TYPES = ["followers", "likes", "views", "comments"] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
