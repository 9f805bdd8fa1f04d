import { CheckboxField, CheckboxGroupField, SelectField, TextField } from "~/components/forms";
import { EntityDialog, useEntityForm } from "~/components/admin/entity-dialog";
import { createCouponFormSchema, updateCouponFormSchema } from "~/domain/coupons/coupon-form";
import type { AdminCoupon } from "~/domain/coupons/coupon-view";
import { SERVICE_TYPES } from "~/domain/panel/service-types";

interface Props {
  /** null: a new coupon. */
  coupon: AdminCoupon | null;
  /** The shop's enabled plans, to limit a coupon to. */
  plans: { id: number; name: string; serviceType: string }[];
  submitting: boolean;
  answer: { state: string; data?: unknown };
  /** Opened by the page's address: drawn in the page (EntityDialog). */
  inline?: { closeHref: string };
  onClose: () => void;
  onSubmit: (form: FormData) => void;
}

const BLANK = { kind: "percent" as const, enabled: "true" };

/** Add or edit one coupon, on the admin's one edit-form frame (entity-dialog.tsx) and form kit (forms.tsx). */
export function CouponDialog({ coupon, plans, submitting, answer, inline, onClose, onSubmit }: Props) {
  const { form, fields, page } = useEntityForm(
    "coupon",
    coupon && { id: coupon.id, item: coupon },
    { create: createCouponFormSchema, update: updateCouponFormSchema },
    { blank: BLANK, of: couponFormValues },
    onSubmit,
  );
  const percent = fields.kind.value !== "flat";
  return (
    <EntityDialog
      title={coupon ? `Edit coupon ${coupon.code}` : "Add coupon"}
      description="Buyers type the code in the order dialog; the shop checks it and prices the order. Dates are IST."
      form={form}
      intent={coupon ? "update" : "create"}
      id={coupon?.id}
      submitting={submitting}
      submitLabel={coupon ? "Save Changes" : "Add Coupon"}
      onClose={onClose}
      answer={answer}
      page={page}
      inline={inline}
    >
      <TextField field={fields.code} label="Code" hint="Letters and digits; buyers may type it in any case." />
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          field={fields.kind}
          label="Discount type"
          options={[
            ["percent", "Percent off"],
            ["flat", "Flat ₹ off"],
          ]}
        />
        <TextField field={fields.amount} label={percent ? "Percent (%)" : "Amount (₹)"} inputMode="decimal" />
      </div>
      <TextField
        field={fields.minOrder}
        label="Minimum order (₹)"
        hint="The plan's price must be at least this. Empty: any order."
        inputMode="decimal"
      />
      <CheckboxGroupField
        field={fields.serviceTypes}
        legend="Only for these services"
        options={SERVICE_TYPES.map((s) => [s, s[0]!.toUpperCase() + s.slice(1)] as const)}
      />
      {plans.length > 0 && (
        <CheckboxGroupField
          field={fields.planIds}
          legend="…or these plans (none ticked in either list: every plan)"
          options={plans.map((p) => [String(p.id), `${p.name} (${p.serviceType})`] as const)}
        />
      )}
      <div className="grid grid-cols-2 gap-3">
        <TextField field={fields.startsAt} label="Starts (IST)" type="datetime-local" />
        <TextField field={fields.endsAt} label="Ends (IST)" type="datetime-local" />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <TextField field={fields.totalUses} label="Total uses" hint="Empty: no limit" inputMode="numeric" />
        <TextField field={fields.usesPerPhone} label="Uses per phone" hint="Empty: no limit" inputMode="numeric" />
      </div>
      <CheckboxField field={fields.enabled} label="Enabled" value="true" uncheckedValue="false" />
    </EntityDialog>
  );
}

function couponFormValues(coupon: AdminCoupon) {
  return {
    code: coupon.code,
    kind: coupon.kind,
    amount: coupon.amount,
    minOrder: coupon.minOrder,
    serviceTypes: coupon.serviceTypes,
    planIds: coupon.planIds.map(String),
    startsAt: coupon.startsAt,
    endsAt: coupon.endsAt,
    totalUses: coupon.totalUses,
    usesPerPhone: coupon.usesPerPhone,
    enabled: coupon.enabled ? "true" : "false",
  };
}
