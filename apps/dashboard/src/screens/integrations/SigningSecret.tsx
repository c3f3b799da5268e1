import { useState } from "react";
import type { Integration } from "@cuepoint/sdk";
import { client } from "../../api/client.js";
import { Button } from "../../ui/Button.js";
import { confirmAction } from "../../ui/Dialog.js";
import { TextField } from "../../ui/Field.js";
import { toast } from "../../ui/Toasts.js";

/** The kinds whose deliveries carry `Cuepoint-Signature` (the server gives each a secret). */
export const signsDeliveries = (type: string): boolean => type === "WEBHOOK" || type === "ZAPIER";

/**
 * A Webhook or Zapier integration's signing secret: shown masked as the list answers it, revealed
 * and copied through `POST /integration/signingsecret`, rotated after asking. `onChange` receives
 * the integration as the server answers it after a rotation (the new masked value).
 */
export function SigningSecret({ integration, onChange }: { integration: Integration; onChange: (i: Integration) => void }) {
  const [revealed, setRevealed] = useState<string>();
  const [busy, setBusy] = useState<"reveal" | "copy" | "rotate">();
  const masked = typeof integration.signing_secret === "string" ? integration.signing_secret : undefined;
  const id = integration.integrationid;

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
    const ok =
      !masked ||
      (await confirmAction({
        title: "Rotate the signing secret?",
        body: "Deliveries are signed with the new secret at once: give it to your receiver right away.",
        confirmLabel: "Rotate",
      }));
    if (!ok) return;
    await run(
      "rotate",
      async () => {
        const { success } = await client.integrations.rotateSigningSecret(id);
        setRevealed(success.signing_secret);
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
