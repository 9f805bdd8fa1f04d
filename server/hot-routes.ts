import type { Express, Request, Response } from "express";
import type { AppServices } from "~/context";
import { orderStatusReply } from "~/domain/orders/order-status.server";

/**
 * Endpoints polled so often that the React Router request pipeline (request
 * conversion, route matching, middleware chain) would dominate their cost.
 * They are plain JSON over one domain call, so Express answers them directly.
 */
export function mountHotRoutes(app: Express, services: Pick<AppServices, "db" | "logger">) {
  app.get("/api/order-status", async (req: Request, res: Response) => {
    try {
      const raw = typeof req.query.orderId === "string" ? req.query.orderId : null;
      const reply = await orderStatusReply(services.db, raw);
      res.status(reply.status).set("Cache-Control", "no-store").json(reply.body);
    } catch (error) {
      services.logger.error({ err: error }, "order status failed");
      res.status(500).json({ success: false, message: "An error occurred. Please try again." });
    }
  });
}
