import * as v from "valibot";
import type { User } from "@cuepoint/sdk";
import type { Caller } from "../http/authenticate.js";
import type { Terms } from "../config/serverConfig.js";
import type { UserRow } from "../db/schema/index.js";
import { readSetting, SETTING, supportSecret } from "../db/settings.js";
import type { AppDeps } from "../deps.js";
import { unauthorized } from "../http/errors.js";
import { findUser } from "./users.js";
import { toWireUser } from "./wireUser.js";

const StoredTermsSchema = v.object({ version: v.pipe(v.string(), v.nonEmpty()), content: v.string() });

/** The terms in force: those stored in the `settings` table (key `terms`), else the configured ones. */
export async function currentTerms(deps: AppDeps): Promise<Terms> {
  const stored = v.safeParse(StoredTermsSchema, await readSetting(deps.db.orm, SETTING.terms));
  return stored.success ? stored.output : deps.config.terms;
}

const secrets = new WeakMap<AppDeps, Promise<string>>();

/** The support chat secret, read once per app. */
export function supportSecretOf(deps: AppDeps): Promise<string> {
  let secret = secrets.get(deps);
  if (!secret) {
    secret = supportSecret(deps.db.orm, deps.config.supportSecret);
    secrets.set(deps, secret);
    secret.catch(() => secrets.delete(deps)); // a failed read is retried by the next call
  }
  return secret;
}

/** The caller's user row; 401 when the user was deleted while the token lived. */
export async function callerUser(deps: AppDeps, caller: Caller): Promise<UserRow> {
  const row = await findUser(deps.db.orm, caller.accountId, caller.userId);
  if (!row) throw unauthorized("Your account no longer exists.");
  return row;
}

/** `Success<User>`: the answer of login, validate and every call that changes the profile. */
export async function answerUser(deps: AppDeps, row: UserRow, apiToken?: string): Promise<{ success: User }> {
  const [terms, secret] = await Promise.all([currentTerms(deps), supportSecretOf(deps)]);
  return { success: toWireUser(row, { termsVersion: terms.version, supportSecret: secret }, apiToken) };
}
