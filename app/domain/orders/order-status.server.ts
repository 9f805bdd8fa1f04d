/**
 * The order-status poll's answer is made at the edge now
 * (app/lib/order-status-reply.server.ts); server/hot-routes.ts still imports
 * it from here. Point that import at app/lib and delete this file.
 */
export { type JsonReply, orderStatusReply } from "~/lib/order-status-reply.server";
