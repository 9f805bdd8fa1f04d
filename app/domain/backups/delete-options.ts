import { z } from "zod";

/** The deletable data groups. Admin authentication is not among them, by design. */
export const DELETE_OPTIONS = ["orders", "plans", "settings.all", "settings.smm", "settings.payment"] as const;
export type DeleteOption = (typeof DELETE_OPTIONS)[number];

export const DELETE_OPTION_LABELS: Record<DeleteOption, string> = {
  orders: "All Orders & Order History",
  plans: "All Service Plans",
  "settings.all": "All Settings & Configurations",
  "settings.smm": "SMM Panel Settings",
  "settings.payment": "Payment Settings",
};

/** The danger zone's choice, for the settings page's form and DELETE /api/admin/delete-selected-data alike. */
export const deleteOptionsSchema = z
  .array(z.enum(DELETE_OPTIONS, { error: `Each option must be one of ${DELETE_OPTIONS.join(", ")}` }), {
    error: "Please select at least one item to delete",
  })
  .min(1, "Please select at least one item to delete")
  .max(DELETE_OPTIONS.length);
