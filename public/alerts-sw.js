/*
 * The admin's Web Push service worker (docs/alerts.md): shows each operator
 * alert as a notification, and a tap opens the order in the admin. It
 * handles nothing else (no fetch handler: pages are never served from it).
 */
self.addEventListener("push", (event) => {
  let alert = { title: "Shop alert", body: "", url: "/admin" };
  try {
    alert = { ...alert, ...event.data.json() };
  } catch {
    // A push without a readable payload still tells the operator something happened.
  }
  event.waitUntil(self.registration.showNotification(alert.title, { body: alert.body, data: { url: alert.url } }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || "/admin", self.location.origin);
  // Only this shop's own pages, whatever the payload says.
  const url = target.origin === self.location.origin ? target.href : new URL("/admin", self.location.origin).href;
  event.waitUntil(self.clients.openWindow(url));
});
