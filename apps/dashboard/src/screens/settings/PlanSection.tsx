import { isUnlimited, PLAN_FREQUENCIES, PLAN_LIMITS, type Plan } from "@cuepoint/sdk";
import { useState, type FormEvent } from "react";
import { client } from "../../api/client.js";
import { useQuery } from "../../api/useQuery.js";
import { formErrorsFrom, type FormErrors } from "../../lib/formErrors.js";
import { Button } from "../../ui/Button.js";
import { confirmAction } from "../../ui/Dialog.js";
import { FormError, Select, TextField } from "../../ui/Field.js";
import { ListState } from "../../ui/ListState.js";
import { toast } from "../../ui/Toasts.js";

/** The plans a user may choose here (the server's self-serve plans; others are set by support). */
const PLAN_CHOICES = ["free", "beginner", "advanced", "professional"] as const;

const limit = (value: number, unit = "") => (isUnlimited(value) ? "unlimited" : `${value.toLocaleString("en-US")}${unit}`);
const planLabel = (plan: string) => {
  const limits = PLAN_LIMITS[plan as (typeof PLAN_CHOICES)[number]];
  const name = plan.charAt(0).toUpperCase() + plan.slice(1);
  return limits ? `${name} — ${limit(limits.timelines)} timelines, ${limit(limits.actions)} actions, ${limit(limits.storageGB, " GB")}` : name;
};
const day = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium" }) : undefined);

/**
 * Plan and billing (spec §7, §8): the current plan and this month's usage, plan change,
 * cancellation (asked first) and the payment method. Failures show the SDK's PlanError texts.
 */
export function PlanSection() {
  const plan = useQuery(() => client.account.getPlan().then((a) => a.success), []);
  const usage = useQuery(() => client.account.resourceStatus().then((a) => a.success), []);
  const updated = (next: Plan) => {
    plan.setData(() => next);
    usage.reload();
  };
  return (
    <>
      <div className="card stack">
        <h2>Your plan</h2>
        <ListState query={plan} label="plan" empty="">
          {(current) => <PlanSummary plan={current} />}
        </ListState>
        <ListState query={usage} label="usage" empty="">
          {(status) => (
            <dl className="row" style={{ gap: 24, margin: 0 }}>
              <div><dt className="muted">Actions this month</dt><dd style={{ margin: 0 }}>{status.actions.toLocaleString("en-US")} of {limit(status.limits?.actions ?? -1)}</dd></div>
              <div><dt className="muted">Webinar hours</dt><dd style={{ margin: 0 }}>{status.webinar_hours} of {limit(status.limits?.webinarHours ?? -1)}</dd></div>
              <div><dt className="muted">Timelines allowed</dt><dd style={{ margin: 0 }}>{limit(status.limits?.timelines ?? -1)}</dd></div>
            </dl>
          )}
        </ListState>
      </div>
      {plan.data && <ChangePlanForm current={plan.data} onChanged={updated} />}
      {plan.data && <PaymentForm onChanged={updated} />}
    </>
  );
}

function PlanSummary({ plan }: { plan: Plan }) {
  return (
    <div className="stack" style={{ gap: 4 }}>
      <p style={{ margin: 0 }}>
        <strong>{planLabel(plan.plan)}</strong>, billed {plan.frequency} — {plan.status}
      </p>
      {plan.cancel_at && <p style={{ margin: 0 }}>Cancelled: the plan ends on {day(plan.cancel_at)}.</p>}
      {!plan.cancel_at && plan.renews_at && <p style={{ margin: 0 }}>Renews on {day(plan.renews_at)}.</p>}
      <p style={{ margin: 0 }}>Payment method: {plan.card ? `${plan.card.brand} ending in ${plan.card.last4}` : "none"}</p>
    </div>
  );
}

function ChangePlanForm({ current, onChanged }: { current: Plan; onChanged: (plan: Plan) => void }) {
  const [choice, setChoice] = useState(current.plan);
  const [frequency, setFrequency] = useState<Plan["frequency"]>(current.frequency);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<"change" | "cancel">();

  const change = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setBusy("change");
    try {
      onChanged((await client.account.changePlan({ plan: choice, frequency })).success);
      toast.success("Plan changed");
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(undefined);
    }
  };

  const cancel = async () => {
    const ok = await confirmAction({
      title: "Cancel your subscription?",
      body: "Your plan stays until the end of the paid period, then becomes the free plan.",
      confirmLabel: "Cancel subscription",
    });
    if (!ok) return;
    setError(undefined);
    setBusy("cancel");
    try {
      onChanged((await client.account.cancelPlan()).success);
      toast.success("Subscription cancelled");
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <form className="card stack" onSubmit={change} aria-labelledby="change-plan-title">
      <h2 id="change-plan-title">Change plan</h2>
      {error && <FormError>{error}</FormError>}
      <Select label="Plan" value={choice} onChange={(e) => setChoice(e.target.value)} options={PLAN_CHOICES.map((value) => ({ value, label: planLabel(value) }))} />
      <Select
        label="Billing"
        value={frequency}
        onChange={(e) => setFrequency(e.target.value as Plan["frequency"])}
        options={PLAN_FREQUENCIES.map((value) => ({ value, label: value === "monthly" ? "Monthly" : "Yearly" }))}
      />
      <div className="row">
        <Button variant="primary" type="submit" busy={busy === "change"}>Change plan</Button>
        {current.plan !== "free" && !current.cancel_at && (
          <Button variant="danger" busy={busy === "cancel"} onClick={() => void cancel()}>Cancel subscription</Button>
        )}
      </div>
    </form>
  );
}

function PaymentForm({ onChanged }: { onChanged: (plan: Plan) => void }) {
  const [id, setId] = useState("");
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [busy, setBusy] = useState(false);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!id.trim()) return setErrors({ fields: { id: "Enter the payment method ID from your card form." } });
    setErrors({ fields: {} });
    setBusy(true);
    try {
      onChanged((await client.account.updatePayment(id.trim())).success);
      setId("");
      toast.success("Payment details updated");
    } catch (error) {
      setErrors(formErrorsFrom(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card stack" onSubmit={save} noValidate aria-labelledby="payment-title">
      <h2 id="payment-title">Payment details</h2>
      {errors.form && <FormError>{errors.form}</FormError>}
      <TextField label="Payment method ID" value={id} onChange={(e) => setId(e.target.value)} error={errors.fields.id} hint="The ID your card processor gives the saved card." />
      <div>
        <Button variant="primary" type="submit" busy={busy}>Update payment details</Button>
      </div>
    </form>
  );
}
