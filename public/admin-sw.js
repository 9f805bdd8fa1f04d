/*
 * The admin's service worker, scoped to /admin (registered by every signed-in
 * admin page, so the installed app has it). It shows each operator alert as a
 * notification (docs/alerts.md) and a tap opens the order in the admin.
 *
 * It has no fetch handler on purpose: the admin's pages and API answers hold
 * buyers' names, phones and payments, and a cache in the worker would keep
 * them on the phone after sign-out, past the server's no-store. Every request
 * goes to the network as if there were no worker.
 */

/**
 * Where a tap leads: the path of the alert's link, on this origin, and only
 * inside the admin (anything else opens /admin). The link carries the Public
 * Base URL, which may differ from the origin this worker runs at (another
 * host name, a proxy): the order is still opened here, by its path.
 */
function adminPath(link) {
  try {
    const target = new URL(typeof link === "string" && link ? link : "/admin", self.location.origin);
    if (/^https?:$/.test(target.protocol) && isAdmin(target.pathname)) {
      return `${target.pathname}${target.search}${target.hash}`;
    }
  } catch {
    // An unreadable link still opens the admin.
  }
  return "/admin";
}

function isAdmin(pathname) {
  return /^\/admin(\/|$)/.test(pathname);
}

self.addEventListener("push", (event) => {
  let alert = { title: "Shop alert", body: "", url: "/admin" };
  try {
    alert = { ...alert, ...event.data.json() };
  } catch {
    // A push without a readable payload still tells the operator something happened.
  }
  event.waitUntil(
    self.registration.showNotification(String(alert.title), { body: String(alert.body), data: { url: alert.url } }),
  );
});

async function openAdmin(path) {
  const url = new URL(path, self.location.origin).href;
  // Only this origin's windows are listed; an admin one (the installed app) is brought forward and shown the order.
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const admin = windows.find((client) => isAdmin(new URL(client.url).pathname));
  if (admin) {
    try {
      await admin.focus();
      await admin.navigate(url);
      return;
    } catch {
      // A window this worker does not control (opened before it was installed) cannot be navigated from here.
    }
  }
  await self.clients.openWindow(url);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openAdmin(adminPath(event.notification.data?.url)));
});
