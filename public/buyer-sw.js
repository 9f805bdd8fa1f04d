/*
 * The buyer's service worker (docs/buyer-messages.md), registered by "Notify
 * me" on the checkout and /track for the scope /track, apart from the admin's
 * (public/admin-sw.js, /admin). It shows an order's update as a notification,
 * and a tap opens that order's /track page.
 *
 * It has no fetch handler: it caches nothing and sees no page or answer, so
 * an order's details never stay on the device because of it.
 */

/**
 * Where a tap leads: the order's /track page on this origin (English or
 * Hindi), keeping only its order id; anything else opens /track.
 */
function trackPath(link) {
  try {
    const target = new URL(typeof link === "string" && link ? link : "/track", self.location.origin);
    const order = target.searchParams.get("order");
    if (target.origin === self.location.origin && /^\/(hi\/)?track$/.test(target.pathname)) {
      return order && /^[A-Za-z0-9]{1,40}$/.test(order)
        ? `${target.pathname}?order=${encodeURIComponent(order)}`
        : target.pathname;
    }
  } catch {
    // An unreadable link still opens /track.
  }
  return "/track";
}

self.addEventListener("push", (event) => {
  let update = { title: "Order update", body: "", url: "/track", tag: "" };
  try {
    update = { ...update, ...event.data.json() };
  } catch {
    // A push without a readable payload still tells the buyer something happened.
  }
  event.waitUntil(
    self.registration.showNotification(String(update.title), {
      body: String(update.body),
      data: { url: trackPath(update.url) },
      // The same update sent again (its answer was lost) replaces the one shown instead of adding another.
      ...(typeof update.tag === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(update.tag) ? { tag: update.tag } : {}),
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(trackPath(event.notification.data?.url), self.location.origin).href;
  event.waitUntil(self.clients.openWindow(url));
});
