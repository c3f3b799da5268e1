import { checkEmail, checkPassword } from "@cuepoint/sdk";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "wouter";
import { client } from "../../api/client.js";
import { formErrorsFrom, ruleMessage, type FormErrors } from "../../lib/formErrors.js";
import type { ScreenProps } from "../../lib/lazyScreen.js";
import { Button } from "../../ui/Button.js";
import { FormError, TextField } from "../../ui/Field.js";
import { PasswordChecklist } from "../../ui/PasswordChecklist.js";

/**
 * Forgot password: without a token, asks for the email and sends a reset link (the server answers
 * the same whether or not the address has an account); with `?token=` (the mailed link), checks the
 * token and sets a new password.
 */
export default function ForgotPasswordScreen(_props: ScreenProps) {
  const [search] = useSearchParams();
  const token = search.get("token");
  return token ? <ResetForm token={token} /> : <RequestForm />;
}

function RequestForm() {
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const message = ruleMessage(checkEmail(email.trim()));
    setErrors({ fields: { email: message } });
    if (message) return;
    setBusy(true);
    try {
      await client.account.forgotPassword(email.trim());
      setSent(true);
    } catch (error) {
      setErrors(formErrorsFrom(error));
    } finally {
      setBusy(false);
    }
  };
  if (sent) {
    return (
      <section className="card stack" aria-labelledby="forgot-title">
        <h1 id="forgot-title">Check your email</h1>
        <p role="status">If an account exists for {email.trim()}, we sent it a link to reset the password. The link works for one hour.</p>
        <Link href="/login">Back to log in</Link>
      </section>
    );
  }
  return (
    <form className="card stack" onSubmit={submit} noValidate aria-labelledby="forgot-title">
      <h1 id="forgot-title">Reset your password</h1>
      <p>Enter your account's email address and we will send you a link to choose a new password.</p>
      {errors.form && <FormError>{errors.form}</FormError>}
      <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.fields.email} />
      <Button variant="primary" type="submit" busy={busy}>Send the reset link</Button>
      <Link href="/login">Back to log in</Link>
    </form>
  );
}

function ResetForm({ token }: { token: string }) {
  const [state, setState] = useState<"checking" | "valid" | "invalid" | "done">("checking");
  const [invalidMessage, setInvalidMessage] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    client.account.checkForgotToken(token).then(
      () => setState("valid"),
      (error: Error) => {
        setInvalidMessage(error.message);
        setState("invalid");
      },
    );
  }, [token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const message = ruleMessage(checkPassword(password));
    setErrors({ fields: { password: message } });
    if (message) return;
    setBusy(true);
    try {
      await client.account.changePassword({ password, token });
      setState("done");
    } catch (error) {
      setErrors(formErrorsFrom(error));
    } finally {
      setBusy(false);
    }
  };

  if (state === "checking") return <p role="status" className="card">Checking your reset link…</p>;
  if (state === "invalid" || state === "done") {
    return (
      <section className="card stack" aria-labelledby="reset-title">
        <h1 id="reset-title">{state === "done" ? "Password changed" : "This reset link does not work"}</h1>
        <p role="status">{state === "done" ? "Log in with your new password." : invalidMessage}</p>
        <Link href={state === "done" ? "/login" : "/forgotPassword"}>{state === "done" ? "Log in" : "Ask for a new link"}</Link>
      </section>
    );
  }
  return (
    <form className="card stack" onSubmit={submit} noValidate aria-labelledby="reset-title">
      <h1 id="reset-title">Choose a new password</h1>
      {errors.form && <FormError>{errors.form}</FormError>}
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.fields.password}
        hint={<PasswordChecklist password={password} id="reset-password-rules" />}
      />
      <Button variant="primary" type="submit" busy={busy}>Set the new password</Button>
    </form>
  );
}
