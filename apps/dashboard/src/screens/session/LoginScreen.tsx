import { checkEmail } from "@cuepoint/sdk";
import { useState, type FormEvent } from "react";
import { Link, useLocation } from "wouter";
import { formErrorsFrom, ruleMessage, type FormErrors } from "../../lib/formErrors.js";
import type { ScreenProps } from "../../lib/lazyScreen.js";
import { login } from "../../session/session.js";
import { Button } from "../../ui/Button.js";
import { Checkbox, FormError, TextField } from "../../ui/Field.js";

/**
 * Log in (spec §2, §4): email checked with the SDK's rule, remember-me keeps the token 30 days
 * instead of 1, then the dashboard.
 */
export default function LoginScreen(_props: ScreenProps) {
  const [, navigate] = useLocation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = {
      email: ruleMessage(checkEmail(email.trim())),
      password: password ? undefined : "Enter your password.",
    };
    if (fields.email || fields.password) return setErrors({ fields });
    setBusy(true);
    try {
      await login(email.trim(), password, { remember });
      navigate("/", { replace: true });
    } catch (error) {
      setErrors(formErrorsFrom(error));
      setBusy(false);
    }
  };

  return (
    <form className="card stack" onSubmit={submit} noValidate aria-labelledby="login-title">
      <h1 id="login-title">Log in</h1>
      {errors.form && <FormError>{errors.form}</FormError>}
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.fields.email}
        required
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.fields.password}
        required
      />
      <Checkbox label="Remember me for 30 days" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
      <Button variant="primary" type="submit" busy={busy}>
        Log in
      </Button>
      <Link href="/forgotPassword">Forgot your password?</Link>
    </form>
  );
}
