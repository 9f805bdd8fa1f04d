import { z } from "zod";

/**
 * POST /api/payments/app-alert: what a notification forwarder on the
 * operator's phone sends for one notification of a business payment app
 * (docs/payments.md, "Source: payment-app notifications"). The body is read
 * only after its signature verified (app-alert.server.ts).
 */

export const MAX_APP_ALERT_BODY_BYTES = 16 * 1024;

const text = (max: number) => z.string().max(max, `At most ${max} characters`);

export const appAlertBodySchema = z.object(
  {
    /** The Android package that posted the notification (com.phonepe.app.business): the sender. */
    app: text(200).min(1, "Name the app: its package, like com.phonepe.app.business"),
    title: text(1_000).optional(),
    text: text(2_000).optional(),
    /** The expanded text (Notification.EXTRA_BIG_TEXT), when the app sets one. */
    bigText: text(2_000).optional(),
    /** Any other texts of the notification (Tasker's "Other Text", a custom layout's lines). */
    lines: z.array(text(1_000)).max(20, "At most 20 lines").optional(),
    /** When the notification was posted (ms since 1970, number or digits). */
    postedAt: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,16}$/)]).optional(),
    /** The forwarder's own id for this notification (a notification key, or app + post time). */
    id: text(200).optional(),
  },
  { message: 'Expected a notification: { "app", "title", "text" }' },
);
export type AppAlertBody = z.output<typeof appAlertBodySchema>;
