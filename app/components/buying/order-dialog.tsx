import { X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "~/components/ui/toast";
import {
  BUYER_MESSAGES,
  formatIndianMobile,
  parseIndianMobile,
  phoneField,
  readBuyerEmail,
  validateBuyer,
} from "~/domain/orders/buyer-contact";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Field, FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { GENERIC_MESSAGE, apiCall } from "~/lib/client/api-client";
import { formatCount, formatInr } from "~/lib/money";
import { useTranslation } from "react-i18next";
import { useLocale, useLocalizedPath } from "~/lib/i18n/use-locale";
import { useMessageText } from "~/components/use-message";
import type { PlanCardData } from "./plan-list";
import {
  ORDER_REQUEST_KEY,
  PAYMENT_DETAILS_KEY,
  PLAN_FORM_DRAFT_KEY,
  type PaymentDetails,
  idempotencyKeyFor,
  readJson,
  remove,
  writeJson,
} from "./storage";
import type { TargetValues } from "./instagram-input-form";
import { UpdatesFields } from "./updates-fields";
import { type AppliedCode, CouponField } from "./coupon-field";
import { createOrderEndpoint } from "~/routes/api/create-order.types";
import { CREATE_ORDER_MESSAGES } from "~/domain/orders/order-messages";
import { MAX_COMMENTS_TEXT, commentLines, readComments } from "~/domain/orders/custom-comments";
import { inputVariants } from "~/components/ui/input";
import { type BillingField, readBillingAddress } from "~/domain/receipts/billing-address";
import { BillingFields, type BillingValues, NO_BILLING } from "./billing-fields";

const CREATE_ORDER_NO_PLAN = CREATE_ORDER_MESSAGES.noPlan;

/** Where a refusal is shown: under the field it is about, or above the button when it names none. */
type ErrorField = "name" | "phone" | "email" | "comments" | "agreedToTerms" | "coupon" | BillingField | "form";
const BILLING_FIELDS: readonly string[] = ["billingAddress", "billingPin", "billingState"] satisfies BillingField[];

/**
 * Name, phone and the terms agreement; creates the order on the server (which
 * sets price and quantity) and moves on to the checkout.
 */
export function OrderDialog({
  plan,
  noun,
  target,
  onClose,
  offerWhatsapp = false,
  askBilling = false,
}: {
  plan: PlanCardData | null;
  noun: string;
  target: TargetValues;
  onClose: () => void;
  /** The shop's WhatsApp is set up: offer "Send me order updates on WhatsApp". */
  offerWhatsapp?: boolean;
  /** The shop issues tax invoices (a GSTIN is set): ask for the billing address, PIN code and State. */
  askBilling?: boolean;
}) {
  const navigate = useNavigate();
  const { t } = useTranslation("order");
  const locale = useLocale();
  const to = useLocalizedPath();
  const message = useMessageText();
  const [name, setName] = useState("");
  const [phone, setPhone] = useState("");
  const [agreed, setAgreed] = useState(false);
  const [email, setEmail] = useState("");
  const [whatsappUpdates, setWhatsappUpdates] = useState(false);
  const [billing, setBilling] = useState<BillingValues>(NO_BILLING);
  // The shop set a GSTIN after this page loaded: the server asks for the address, and the box appears.
  const [billingAsked, setBillingAsked] = useState(false);
  const showBilling = askBilling || billingAsked;
  const billingRefs = {
    billingAddress: useRef<HTMLInputElement | HTMLSelectElement>(null),
    billingPin: useRef<HTMLInputElement | HTMLSelectElement>(null),
    billingState: useRef<HTMLInputElement | HTMLSelectElement>(null),
  };
  const emailRef = useRef<HTMLInputElement>(null);
  const [comments, setComments] = useState("");
  const commentsRef = useRef<HTMLTextAreaElement>(null);
  const customComments = plan?.customComments === true;
  const written = customComments ? commentLines(comments).length : 0;
  const [submitting, setSubmitting] = useState(false);
  // A code the shop accepted for this plan (the order is priced again by the server).
  const [coupon, setCoupon] = useState<AppliedCode | null>(null);
  // One refusal at a time, under its field; typing in that field takes it away.
  const [error, setError] = useState<{ field: ErrorField; message: string } | null>(null);
  const agreeId = useId();
  const agreeErrorId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const agreeRef = useRef<HTMLButtonElement>(null);
  const formErrorRef = useRef<HTMLParagraphElement>(null);
  const errorFor = (field: ErrorField) => (error?.field === field ? error.message : undefined);
  const clearError = (field: ErrorField) => setError((current) => (current?.field === field ? null : current));

  /** Shows a refusal under its field and puts the focus there, so the buyer fixes it without looking for it. */
  function refuse(field: ErrorField, text: string) {
    setError({ field, message: text });
    const target = {
      name: nameRef,
      phone: phoneRef,
      email: emailRef,
      comments: commentsRef,
      agreedToTerms: agreeRef,
      coupon: null,
      ...billingRefs,
      form: null,
    }[field];
    // After the message renders, so a screen reader reads the field with its message.
    requestAnimationFrame(() => (target?.current ?? formErrorRef.current)?.focus());
  }

  // Opening the dialog for a plan brings back what the buyer typed last time.
  const [draftFor, setDraftFor] = useState<PlanCardData | null>(null);
  if (plan !== draftFor) {
    setDraftFor(plan);
    setCoupon(null);
    const draft = plan && readJson<{ name?: string; phone?: string }>("local", PLAN_FORM_DRAFT_KEY);
    if (draft) {
      setName(draft.name ?? "");
      setPhone(phoneField(draft.phone ?? ""));
    }
  }

  // The number as it will be used, shown back while the buyer types it in any of the ways people do.
  const usedPhone = parseIndianMobile(phone);

  function saveDraft(next: { name: string; phone: string }) {
    writeJson("local", PLAN_FORM_DRAFT_KEY, next);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (submitting) return;
    if (!plan) {
      refuse("form", message(CREATE_ORDER_NO_PLAN));
      return;
    }
    if (customComments) {
      const read = readComments(comments, plan.quantity);
      if (!read.ok) {
        refuse("comments", message(read.message));
        return;
      }
    }
    const buyer = validateBuyer(name, phone);
    if (!buyer.ok) {
      refuse(buyer.field, message(buyer.message));
      return;
    }
    const buyerEmail = readBuyerEmail(email);
    if (!buyerEmail.ok) {
      refuse("email", message(buyerEmail.message));
      return;
    }
    const billingRead = showBilling
      ? readBillingAddress({ address: billing.address, pin: billing.pin, state: billing.state })
      : null;
    if (billingRead && !billingRead.ok) {
      refuse(billingRead.field, message(billingRead.message));
      return;
    }
    if (!agreed) {
      refuse("agreedToTerms", message(BUYER_MESSAGES.agreementRequired));
      return;
    }
    setError(null);
    setSubmitting(true);
    const request = {
      planId: plan.id,
      username: target.username,
      postLink: target.postLink,
      customerName: buyer.name,
      customerPhone: buyer.phone,
      agreedToTerms: agreed,
      ...(customComments ? { comments } : {}),
      customerEmail: buyerEmail.email,
      whatsappUpdates: offerWhatsapp && whatsappUpdates,
      locale,
      ...(coupon ? { couponCode: coupon.code } : {}),
      ...(billingRead?.ok
        ? {
            billingAddress: billingRead.billing.address,
            billingPin: billingRead.billing.pin,
            billingState: billingRead.billing.state,
          }
        : {}),
    };
    try {
      const idempotencyKey = idempotencyKeyFor(JSON.stringify(request));
      const created = await apiCall(createOrderEndpoint, { body: { ...request, idempotencyKey } });
      if (!created.ok) {
        setSubmitting(false);
        const field = created.error.details.field;
        const text =
          created.error.details.reason === "MIN_QUANTITY"
            ? `${t("dialog.minimumQuantity")}: ${message(created.error)}`
            : message(created.error);
        refuse(
          field === "name" ||
            field === "phone" ||
            field === "email" ||
            field === "comments" ||
            field === "agreedToTerms" ||
            field === "coupon"
            ? field
            : typeof field === "string" && BILLING_FIELDS.includes(field)
              ? (field as BillingField)
              : "form",
          text,
        );
        if (typeof field === "string" && BILLING_FIELDS.includes(field)) setBillingAsked(true);
        // A code the order refused (used up meanwhile) is no longer applied: the buyer sees the full price again.
        if (field === "coupon") setCoupon(null);
        return;
      }
      const details: PaymentDetails = {
        orderId: created.data.order.orderId,
        serviceName: `${formatCount(plan.quantity)} Instagram ${plan.serviceType}`,
        serviceType: plan.serviceType,
        amount: String(plan.quantity),
        price: String((coupon?.afterPaise ?? plan.pricePaise) / 100),
        customerName: buyer.name,
        customerPhone: buyer.phone,
        username: target.username,
        postLink: target.postLink,
      };
      if (!writeJson("session", PAYMENT_DETAILS_KEY, details)) {
        toast.error(t("dialog.checkoutFailed"));
      }
      remove("session", ORDER_REQUEST_KEY);
      remove("local", PLAN_FORM_DRAFT_KEY);
      // Still "Processing..." until the checkout replaces this page, which unmounts the dialog: reset earlier,
      // the form came back for seconds on a slow connection (the router renders the next page in a transition).
      // Pushed, not replacing the packages: going back from the checkout finds the account still filled in.
      void navigate(`${to("/checkout")}?order=${encodeURIComponent(details.orderId)}`, {
        state: { paymentDetails: details },
      });
    } catch {
      setSubmitting(false);
      refuse("form", message(GENERIC_MESSAGE));
    }
  }

  return (
    <Dialog
      open={plan !== null}
      onOpenChange={(open) => {
        if (!open && !submitting) onClose();
      }}
    >
      <DialogContent
        layout="sheet"
        onEscapeKeyDown={(e) => submitting && e.preventDefault()}
        onPointerDownOutside={(e) => submitting && e.preventDefault()}
        onInteractOutside={(e) => submitting && e.preventDefault()}
      >
        <div className="flex items-start justify-between gap-4">
          <DialogTitle>{t("dialog.title")}</DialogTitle>
          <DialogClose asChild>
            <Button
              variant="ghost"
              size="inline"
              disabled={submitting}
              aria-label={t("common:close")}
              className="rounded-full p-1 text-gray-600 disabled:opacity-40"
            >
              <X aria-hidden className="size-5" />
            </Button>
          </DialogClose>
        </div>
        {plan && (
          <DialogDescription>
            {t("dialog.summary", { plan: plan.name, count: formatCount(plan.quantity, locale), noun })}
            <span className="font-semibold text-ink">{formatInr(plan.pricePaise, locale)}</span>
          </DialogDescription>
        )}
        <form onSubmit={submit} noValidate className="mt-4 space-y-4">
          {plan && customComments && (
            <Field
              label={t("comments.label")}
              error={errorFor("comments")}
              hint={
                <>
                  <span
                    className="block text-sm font-semibold text-ink"
                    aria-live="polite"
                    data-testid="comments-written"
                  >
                    {t("comments.written", { written: formatCount(written, locale), count: plan.quantity })}
                  </span>
                  {t("comments.hint", { count: plan.quantity })}
                </>
              }
            >
              {(control) => (
                <textarea
                  {...control}
                  ref={commentsRef}
                  name="comments"
                  rows={5}
                  value={comments}
                  maxLength={MAX_COMMENTS_TEXT}
                  disabled={submitting}
                  onChange={(e) => {
                    setComments(e.target.value);
                    clearError("comments");
                  }}
                  className={inputVariants({ size: "lg" })}
                />
              )}
            </Field>
          )}
          <Field label={t("dialog.name")} error={errorFor("name")}>
            {(control) => (
              <Input
                {...control}
                ref={nameRef}
                name="name"
                value={name}
                autoComplete="name"
                maxLength={80}
                disabled={submitting}
                onChange={(e) => {
                  setName(e.target.value);
                  clearError("name");
                  saveDraft({ name: e.target.value, phone });
                }}
              />
            )}
          </Field>
          <Field
            label={t("dialog.phone")}
            error={errorFor("phone")}
            hint={
              <>
                <span className="block text-sm font-semibold text-ink" aria-live="polite">
                  {usedPhone && (
                    <span data-testid="phone-used">
                      {t("dialog.phoneUsed", { phone: formatIndianMobile(usedPhone) })}
                    </span>
                  )}
                </span>
                {t("dialog.phoneHint")}
              </>
            }
          >
            {(control) => (
              // The +91 sits inside the field's border, so the group draws the border and the focus ring.
              <div
                className={`flex rounded-xl border focus-within:ring-2 focus-within:ring-brand-500 ${
                  errorFor("phone") ? "border-red-600" : "border-gray-300"
                }`}
              >
                <span className="flex items-center border-r border-gray-300 px-3 font-medium text-gray-700">+91</span>
                <input
                  {...control}
                  ref={phoneRef}
                  name="phone"
                  // The buyer types the number without +91, which autofill calls tel-national; HTML allows that
                  // token on a text field only (type="tel" takes the full number). The phone keypad has + and space.
                  type="text"
                  inputMode="tel"
                  autoComplete="tel-national"
                  value={phone}
                  disabled={submitting}
                  onChange={(e) => {
                    const typed = phoneField(e.target.value);
                    setPhone(typed);
                    clearError("phone");
                    saveDraft({ name, phone: typed });
                  }}
                  className="w-full rounded-r-xl px-3 py-3 text-base outline-none"
                />
              </div>
            )}
          </Field>
          {plan && (
            <CouponField
              planId={plan.id}
              phone={phone}
              applied={coupon}
              onApplied={setCoupon}
              refusal={errorFor("coupon")}
              onRefusalSeen={() => clearError("coupon")}
              disabled={submitting}
            />
          )}
          {showBilling && (
            <BillingFields
              values={billing}
              onChange={(field, next) => {
                setBilling(next);
                clearError(field);
              }}
              errorFor={errorFor}
              refs={billingRefs}
              disabled={submitting}
            />
          )}
          <UpdatesFields
            email={email}
            onEmail={setEmail}
            emailRef={emailRef}
            emailError={errorFor("email")}
            whatsapp={whatsappUpdates}
            onWhatsapp={setWhatsappUpdates}
            offerWhatsapp={offerWhatsapp}
            disabled={submitting}
          />
          <div className="flex items-start gap-3">
            <Checkbox
              ref={agreeRef}
              id={agreeId}
              checked={agreed}
              onCheckedChange={(v) => {
                setAgreed(v === true);
                clearError("agreedToTerms");
              }}
              disabled={submitting}
              required
              aria-invalid={Boolean(errorFor("agreedToTerms"))}
              aria-describedby={errorFor("agreedToTerms") ? agreeErrorId : undefined}
              className="mt-0.5"
            />
            <label htmlFor={agreeId} className="text-sm text-gray-800">
              {t("dialog.agreeBefore")}
              <Link to={to("/terms-of-service")} target="_blank" className="font-semibold text-brand-700 underline">
                {t("dialog.terms")}
              </Link>
              {t("dialog.and")}
              <Link to={to("/privacy-policy")} target="_blank" className="font-semibold text-brand-700 underline">
                {t("dialog.privacy")}
              </Link>
              {t("dialog.agreeAfter")}
            </label>
          </div>
          {errorFor("agreedToTerms") && (
            <FieldError id={agreeErrorId} className="mt-0">
              {errorFor("agreedToTerms")}
            </FieldError>
          )}
          {errorFor("form") && (
            <FieldError ref={formErrorRef} tabIndex={-1} className="mt-0" data-testid="order-form-error">
              {errorFor("form")}
            </FieldError>
          )}
          <Button type="submit" disabled={submitting} className="w-full">
            {t(submitting ? "dialog.submitting" : "dialog.submit")}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
