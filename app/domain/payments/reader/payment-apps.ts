/**
 * The business payment apps whose notifications the shop can read, by the
 * Android package that posts them (the notification's sender: a forwarder on
 * the operator's phone reports it, and Android sets it, not the app's text).
 * Data, like the bank registry: the reader is the same for every app. Only
 * the apps the operator ticks in Settings are trusted; a package not listed
 * here is never trusted, so an ordinary chat or mail app relaying "Rs 500
 * received" confirms nothing.
 *
 * Sources of the package names (each seen posting payment notifications):
 *   [unotifyer] ys-pro-duction/UNotifyer app/src/main/java/com/yogesh/unotifyer/MyNotificationListener.kt
 *               (a PhonePe Business payment announcer: listens to com.phonepe.app.business)
 *   [glhouse]   a merchant agent's TxnNotificationListener.kt and MainActivity.kt (code-index files 69403956408,
 *               69424808909): Paytm for Business, PhonePe Business, Google Pay for Business (GPAY_PKG) on a
 *               live merchant phone
 *   [relay]     a notification relay's ProtocolTest.java / CustomNotificationTextTest.java (code-index files
 *               71429259933, 71343414733), "only com.bharatpe.app has been independently checked against its Play
 *               Store listing" (code-index file 66081917910)
 */

export interface PaymentApp {
  id: string;
  name: string;
  /** Android package names, lower case. */
  packages: readonly string[];
  sources: readonly string[];
}

export const PAYMENT_APPS: readonly PaymentApp[] = [
  {
    id: "phonepe-business",
    name: "PhonePe Business",
    packages: ["com.phonepe.app.business"],
    sources: ["unotifyer", "glhouse", "relay"],
  },
  { id: "paytm-business", name: "Paytm for Business", packages: ["com.paytm.business"], sources: ["glhouse", "relay"] },
  {
    id: "gpay-business",
    name: "Google Pay for Business",
    packages: ["com.google.android.apps.nbu.paisa.merchant"],
    sources: ["glhouse", "relay"],
  },
  { id: "bharatpe", name: "BharatPe for Business", packages: ["com.bharatpe.app"], sources: ["relay"] },
  { id: "hdfc-smarthub", name: "HDFC Bank SmartHub Vyapar", packages: ["com.hdfc.smarthub"], sources: ["relay"] },
];

export function paymentAppById(id: string): PaymentApp | null {
  return PAYMENT_APPS.find((app) => app.id === id) ?? null;
}

export function paymentAppByPackage(pkg: string): PaymentApp | null {
  const p = pkg.trim().toLowerCase();
  return PAYMENT_APPS.find((app) => app.packages.includes(p)) ?? null;
}
