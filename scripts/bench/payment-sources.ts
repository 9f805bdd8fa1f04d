/** The automatic payment sources the payment-confirm bench drives, in the order it runs them. */
import type { PaymentSource } from "./payment-source";
import { emailSource } from "./payment-source-email";
import { razorpaySource } from "./payment-source-razorpay";
import { smsSource } from "./payment-source-sms";

export const PAYMENT_SOURCES: PaymentSource[] = [smsSource(), emailSource(), razorpaySource()];
