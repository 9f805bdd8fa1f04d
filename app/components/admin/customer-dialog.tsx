import { Dialog } from "radix-ui";
import { MessageCircle, X } from "lucide-react";
import type { AdminOrderJson } from "~/domain/orders/admin-queries.server";
import { OrderTarget } from "./order-target";

/** WhatsApp chat link on the phone's digits; Indian 10-digit numbers get the 91 country code. */
export function whatsappLink(phone: string | null): string | null {
  const digits = (phone ?? "").replace(/\D/g, "");
  if (digits.length < 10) return null;
  return `https://wa.me/${digits.length === 10 ? `91${digits}` : digits}`;
}

export function CustomerDialog({ order, onClose }: { order: AdminOrderJson | null; onClose: () => void }) {
  const chat = whatsappLink(order?.customerPhone ?? null);
  return (
    <Dialog.Root open={Boolean(order)} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <div className="flex items-start justify-between">
            <Dialog.Title className="text-lg font-semibold">Customer Information</Dialog.Title>
            <Dialog.Close className="rounded p-1 hover:bg-gray-100" aria-label="Close">
              <X className="h-4 w-4" aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Who placed this order and how to reach them.</Dialog.Description>
          {order && (
            <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-gray-600">Order ID</dt>
              <dd className="font-mono">{order.orderId}</dd>
              <dt className="text-gray-600">Customer Name</dt>
              <dd>{order.customerName ?? "N/A"}</dd>
              <dt className="text-gray-600">Phone Number</dt>
              <dd className="flex flex-wrap items-center gap-2">
                <span>{order.customerPhone ?? "N/A"}</span>
                {chat && (
                  <a
                    href={chat}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 rounded-md bg-green-700 px-2 py-1 text-xs font-semibold text-white hover:bg-green-800"
                  >
                    <MessageCircle className="h-3.5 w-3.5" aria-hidden />
                    WhatsApp
                  </a>
                )}
              </dd>
              <dt className="text-gray-600">Service</dt>
              <dd className="capitalize">{order.serviceType}</dd>
              <dt className="text-gray-600">Target</dt>
              <dd>
                <OrderTarget service={order.serviceType} target={order.target} />
              </dd>
            </dl>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
