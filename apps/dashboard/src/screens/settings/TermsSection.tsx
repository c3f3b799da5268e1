import { client } from "../../api/client.js";
import { useQuery } from "../../api/useQuery.js";
import { setUser, useSession } from "../../session/session.js";
import { Button } from "../../ui/Button.js";
import { ListState } from "../../ui/ListState.js";
import { toast } from "../../ui/Toasts.js";
import { useState } from "react";

/** The terms of service and the consent to them (`terms_of_service`, `consent_terms`). */
export function TermsSection() {
  const { user } = useSession();
  const terms = useQuery(() => client.account.termsOfService(), []);
  const [busy, setBusy] = useState(false);
  const agree = async () => {
    setBusy(true);
    try {
      setUser((await client.account.consentTerms()).success);
      toast.success("Thank you for agreeing to the terms");
    } catch (error) {
      toast.error("Your consent was not saved", { body: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="card stack">
      <h2>Terms of service</h2>
      <ListState query={terms} label="terms" empty="No terms are published.">
        {({ success }) => (
          <>
            <p className="muted">Version {success.version}</p>
            <div style={{ whiteSpace: "pre-wrap", maxHeight: 320, overflow: "auto" }} tabIndex={0} aria-label="Terms text">
              {success.content}
            </div>
            {user?.agreed_current_terms ? (
              <p role="status">You agreed to these terms.</p>
            ) : (
              <div>
                <Button variant="primary" busy={busy} onClick={() => void agree()}>I agree to the terms</Button>
              </div>
            )}
          </>
        )}
      </ListState>
    </div>
  );
}
