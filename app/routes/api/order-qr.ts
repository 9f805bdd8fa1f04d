import type { Route } from "./+types/order-qr";
import { servicesContext } from "~/context";
import { parseOrderId } from "~/domain/orders/orders.repository.server";
import { orderQrImage } from "~/domain/payments/checkout.server";
import { apiError, noStore } from "~/lib/server/api.server";

/**
 * GET /api/orders/{orderId}/qr.png: the checkout's payment QR as an image to
 * save, while the order can be paid (a buyer paying from another phone, or
 * from a UPI app that scans from the gallery). The same as the page shows.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const orderId = parseOrderId(params.orderId);
  const image = orderId ? await orderQrImage(context.get(servicesContext), orderId) : null;
  if (!image) return noStore(apiError(404, "No payment QR for this order"));
  return new Response(new Uint8Array(image), {
    headers: {
      "Content-Type": "image/png",
      "Content-Disposition": `attachment; filename="upi-qr-${orderId}.png"`,
      "Cache-Control": "no-store",
    },
  });
}
