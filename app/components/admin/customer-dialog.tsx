import { MessageCircle, X } from "lucide-react";
import type { AdminOrderJson } from "~/domain/orders/admin-queries.server";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
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
    <Dialog open={Boolean(order)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent overlayClassName="bg-black/40" className="rounded-xl">
        <div className="flex items-start justify-between">
          <DialogTitle className="font-semibold">Customer Information</DialogTitle>
          <DialogClose asChild>
            <Button variant="ghost" size="inline" className="rounded p-1" aria-label="Close">
              <X className="h-4 w-4" aria-hidden />
            </Button>
          </DialogClose>
        </div>
        <DialogDescription className="sr-only">Who placed this order and how to reach them.</DialogDescription>
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
                <Button asChild variant="success" size="xs" className="gap-1">
                  <a href={chat} target="_blank" rel="noopener noreferrer">
                    <MessageCircle className="h-3.5 w-3.5" aria-hidden />
                    WhatsApp
                  </a>
                </Button>
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
      </DialogContent>
    </Dialog>
  );
}
