import { useState } from "react";
import type { Integration } from "@cuepoint/sdk";
import { client } from "../../api/client.js";
import { useQuery } from "../../api/useQuery.js";
import { Button } from "../../ui/Button.js";
import { confirmAction } from "../../ui/Dialog.js";
import { Select, TextField } from "../../ui/Field.js";
import { toast } from "../../ui/Toasts.js";
import { formatWhen } from "../../lib/format.js";

/** How long the replaced secret keeps signing beside the new one (`expiresIn`, hours). */
const KEEP_OPTIONS = [
  { value: "0", label: "Stop it now" },
  { value: "1", label: "For 1 hour" },
  { value: "24", label: "For 24 hours" },
];

/** The kinds whose deliveries carry `Cuepoint-Signature` (the server gives each a secret). */
export const signsDeliveries = (type: string): boolean => type === "WEBHOOK" || type === "ZAPIER";

/**
 * A Webhook or Zapier integration's signing secret: shown masked as the list answers it, revealed
 * and copied through `POST /integration/signingsecret`, rotated after asking how long the previous
 * secret keeps working (default 24 hours), which it then says. `onChange` receives the
 * integration as the server answers it after a rotation (the new masked value).
 */
export function SigningSecret({ integration, onChange }: { integration: Integration; onChange: (i: Integration) => void }) {
  const [revealed, setRevealed] = useState<string>();
  const [busy, setBusy] = useState<"reveal" | "copy" | "rotate">();
  const [keepHours, setKeepHours] = useState("24");
  const masked = typeof integration.signing_secret === "string" ? integration.signing_secret : undefined;
  const id = integration.integrationid;
  // Until when the secret replaced by the last rotation still signs (null: it no longer does).
  const previous = useQuery(
    async () => (masked ? (await client.integrations.signingSecret(id)).success.previous_expires_at : null),
    [id, masked],
  );

  const run = async (step: NonNullable<typeof busy>, work: () => Promise<void>, failure: string) => {
    setBusy(step);
    try {
      await work();
    } catch (error) {
      toast.error(failure, { body: (error as Error).message });
    } finally {
      setBusy(undefined);
    }
  };
  const fullSecret = async () => revealed ?? (await client.integrations.signingSecret(id)).success.signing_secret ?? "";
  const reveal = () =>
    revealed ? setRevealed(undefined) : void run("reveal", async () => setRevealed(await fullSecret()), "Could not read the secret");
  const copy = () =>
    run(
      "copy",
      async () => {
        const secret = await fullSecret();
        try {
          await navigator.clipboard.writeText(secret);
          toast.success("Signing secret copied");
        } catch {
          setRevealed(secret);
          toast.error("Copying was blocked", { body: "The secret is shown: select it and copy it yourself." });
        }
      },
      "Could not read the secret",
    );
  const rotate = async () => {
    const keepLabel = KEEP_OPTIONS.find((option) => option.value === keepHours)?.label ?? "";
    const ok =
      !masked ||
      (await confirmAction({
        title: "Rotate the signing secret?",
        body:
          keepHours === "0"
            ? "The current secret stops working at once: give the new one to your receiver right away."
            : `Deliveries are signed with both secrets ${keepLabel.toLowerCase()}: give the new one to your receiver within that time.`,
        confirmLabel: "Rotate",
      }));
    if (!ok) return;
    await run(
      "rotate",
      async () => {
        const { success } = await client.integrations.rotateSigningSecret(id, { expiresIn: Number(keepHours) });
        setRevealed(success.signing_secret);
        previous.setData(() => success.previous_expires_at);
        const fresh = (await client.integrations.list()).success[String(id)];
        if (fresh) onChange(fresh);
        toast.success(masked ? "Signing secret rotated" : "Signing secret created");
      },
      "The secret was not changed",
    );
  };

  return (
    <section className="card stack" aria-labelledby="signing-heading">
      <h2 id="signing-heading" style={{ margin: 0 }}>Signing secret</h2>
      {masked ? (
        <TextField label="Signing secret" value={revealed ?? masked} readOnly onFocus={(e) => e.target.select()} />
      ) : (
        <p style={{ margin: 0 }}>No signing secret: deliveries go unsigned.</p>
      )}
      <p className="muted" style={{ margin: 0 }}>
        Each delivery carries <code>Cuepoint-Signature: t=…,v1=…</code>, where <code>v1</code> is HMAC-SHA256 of{" "}
        <code>{"{t}.{raw body}"}</code> with this secret; refuse a <code>t</code> older than 5 minutes.{" "}
        <code>verifyWebhookSignature</code> from <code>@cuepoint/sdk</code> does both.
      </p>
      {previous.data && (
        <p role="status" style={{ margin: 0 }}>
          The previous secret keeps working until {formatWhen(previous.data)}: deliveries carry a <code>v1</code> for each.
        </p>
      )}
      {masked && (
        <Select
          label="When rotating, the previous secret keeps working"
          value={keepHours}
          onChange={(e) => setKeepHours(e.target.value)}
          options={KEEP_OPTIONS}
        />
      )}
      <div className="row">
        {masked && (
          <>
            <Button onClick={reveal} busy={busy === "reveal"}>{revealed ? "Hide" : "Reveal"}</Button>
            <Button onClick={() => void copy()} busy={busy === "copy"}>Copy</Button>
          </>
        )}
        <Button onClick={() => void rotate()} busy={busy === "rotate"}>{masked ? "Rotate" : "Create a signing secret"}</Button>
      </div>
    </section>
  );
}
