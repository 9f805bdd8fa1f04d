import { CheckboxField, CheckboxGroupField, SelectField, TextField } from "~/components/forms";
import { EntityDialog, type EntityDialogProps, useEntityForm } from "~/components/admin/entity-dialog";
import { createCouponFormSchema, updateCouponFormSchema } from "~/domain/coupons/coupon-form";
import type { AdminCoupon } from "~/domain/coupons/coupon-view";
import { SERVICE_TYPES } from "~/domain/panel/service-types";

interface Props extends EntityDialogProps<AdminCoupon> {
  /** The shop's enabled plans, to limit a coupon to. */
  plans: { id: number; name: string; serviceType: string }[];
}

const BLANK = { kind: "percent" as const, enabled: "true" };

/** Add or edit one coupon, on the admin's one edit-form frame (entity-dialog.tsx) and form kit (forms.tsx). */
export function CouponDialog({ plans, ...dialog }: Props) {
  const coupon = dialog.editing?.item ?? null;
  const { fields, frame } = useEntityForm(
    "coupon",
    dialog,
    { create: createCouponFormSchema, update: updateCouponFormSchema },
    { blank: BLANK, of: couponFormValues },
  );
  const percent = fields.kind.value !== "flat";
  return (
    <EntityDialog
      {...frame}
      title={coupon ? `Edit coupon ${coupon.code}` : "Add coupon"}
      description="Buyers type the code in the order dialog; the shop checks it and prices the order. Dates are IST."
      intent={coupon ? "update" : "create"}
      submitLabel={coupon ? "Save Changes" : "Add Coupon"}
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

/** The form's values: the coupon as the admin sees it, less what only the list shows. */
function couponFormValues({ id, discount, uses, warnings, planIds, enabled, ...asTyped }: AdminCoupon) {
  return { ...asTyped, planIds: planIds.map(String), enabled: enabled ? "true" : "false" };
}
