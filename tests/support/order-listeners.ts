import { afterAll } from "vitest";
import { closeAdminConnections } from "./databases";
// What the server loads at start-up (server/start.ts): the order listeners (audit, alerts, page changes,
// sending a paid order on). Tests that change orders in-process need them as much as the server does.
import "~/domain/order-events/subscribers.server";

// The connection the file's tests created and dropped their PostgreSQL databases on (tests/support/databases.ts).
afterAll(closeAdminConnections);
