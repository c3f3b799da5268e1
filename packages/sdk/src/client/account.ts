import type { FetchResponse } from "ofetch";
import type { Purchase, ResourceStatus, User } from "../schemas/index.js";
import type {
  ChangePasswordRequest,
  ChangePlanRequest,
  CheckPasswordRequest,
  ResourceHistoryQuery,
  UpdateUserRequest,
} from "../schemas/requests/account.js";
import type { ExperienceLevel, ColorModePreference } from "../constants.js";
import { withData, type CuepointPromise, type Fetcher } from "./createFetcher.js";
import { group } from "./group.js";
import { PlanError, type CuepointError } from "./errors.js";
import type { Ack, Page, Plan, ResourceHistoryEntry, Success } from "./types.js";

/** Spec §8 texts shown when a plan call fails without a usable server message. */
export const PLAN_CHANGE_FAILED = "There was an error changing plans. Please reach out to support.";
export const PLAN_CANCEL_FAILED = "There was an error canceling your subscription. Please reach out to support.";
export const PAYMENT_UPDATE_FAILED =
  "There was an error updating your payment information. Please reach out to support.";

/** Rejects with a `PlanError`: the server's `error` or `message` when `useServer`, else `text`. */
const planCall = <T>(raw: Promise<FetchResponse<T>>, text: string, useServer?: boolean) =>
  withData(
    raw.catch((error: CuepointError) => {
      const data = error.data as { error?: unknown; message?: unknown } | undefined;
      const server = useServer && (data?.error || data?.message);
      throw new PlanError(typeof server === "string" ? server : text, error.status, error.data, { cause: error });
    }),
  );

export interface AccountResource {
  /** `POST /user/resource_status`: usage against the plan's limits. @example await client.account.resourceStatus() */
  resourceStatus(): CuepointPromise<Success<ResourceStatus>>;
  /** `GET /user/resource_history`: usage history, a page at a time. @example await client.account.resourceHistory({ page: 1 }) */
  resourceHistory(query?: ResourceHistoryQuery): CuepointPromise<Page<ResourceHistoryEntry>>;
  /** `POST /updateuser`: changes profile fields. @example await client.account.updateUser({ name: "Ada" }) */
  updateUser(fields: UpdateUserRequest): CuepointPromise<Success<User>>;
  /**
   * `POST /checkpassword`: checks the current password, or with `newpass` also sets a new one.
   *
   * @example
   * await client.account.checkPassword({ password: "Old#2023pass", newpass: "New#2024pass" })
   */
  checkPassword(body: CheckPasswordRequest): CuepointPromise<Ack>;
  /** `GET /purchases`: add-ons bought (extra actions). @example await client.account.purchases() */
  purchases(): CuepointPromise<Success<Purchase[]>>;
  /** `GET /terms_of_service`: the current terms. @example const { success } = await client.account.termsOfService() */
  termsOfService(): CuepointPromise<Success<{ version: string; content: string }>>;
  /**
   * `POST /forgotpassword` (design): mails a one-time reset link; answers the same whether or not
   * the address has an account.
   *
   * @example
   * await client.account.forgotPassword("host@example.com")
   */
  forgotPassword(email: string): CuepointPromise<Ack>;
  /** `POST /checkforgottoken`: is the forgot-password token valid? @example await client.account.checkForgotToken(token) */
  checkForgotToken(token: string): CuepointPromise<Ack>;
  /** `POST /changepassword`: sets a new password. @example await client.account.changePassword({ token, password }) */
  changePassword(body: ChangePasswordRequest): CuepointPromise<Ack>;
  /** `POST /consent_terms`: the user agrees to the current terms. @example await client.account.consentTerms() */
  consentTerms(): CuepointPromise<Success<User>>;
  /** `POST /level`: sets the experience level. @example await client.account.setLevel("expert") */
  setLevel(level: ExperienceLevel): CuepointPromise<Success<User>>;
  /** `POST /updateTheme`: stores the colour-mode preference. @example await client.account.updateTheme("dark") */
  updateTheme(theme: ColorModePreference): CuepointPromise<Success<User>>;
  /** `POST /user/support/refresh`: refreshes the support-chat identity. @example await client.account.refreshSupport() */
  refreshSupport(): CuepointPromise<Ack>;
  /** `GET /user/plan`: the current plan. @example const { success: plan } = await client.account.getPlan() */
  getPlan(): CuepointPromise<Success<Plan>>;
  /**
   * `PUT /user/plan`. Rejects with a `PlanError` carrying the server's error, or {@link PLAN_CHANGE_FAILED}.
   *
   * @example
   * await client.account.changePlan({ plan: "advanced", frequency: "yearly" }).catch((e) => toast(e.message))
   */
  changePlan(body: ChangePlanRequest): CuepointPromise<Success<Plan>>;
  /** `DELETE /user/plan`. Rejects with a `PlanError` of {@link PLAN_CANCEL_FAILED}. @example await client.account.cancelPlan() */
  cancelPlan(): CuepointPromise<Success<Plan>>;
  /** `PUT /user/payment`. Rejects with a `PlanError` of {@link PAYMENT_UPDATE_FAILED}. @example await client.account.updatePayment("pm_123") */
  updatePayment(id: string): CuepointPromise<Success<Plan>>;
}

/** Account calls (spec §7 "Session and account"). */
export const account = /* @__NO_SIDE_EFFECTS__ */ (call: Fetcher): AccountResource =>
  group<AccountResource>(call, {
    resourceStatus: "POST /user/resource_status",
    resourceHistory: "GET /user/resource_history",
    updateUser: "POST /updateuser",
    checkPassword: "POST /checkpassword",
    purchases: "GET /purchases",
    termsOfService: "GET /terms_of_service",
    forgotPassword: "POST /forgotpassword =email",
    checkForgotToken: "POST /checkforgottoken =token",
    changePassword: "POST /changepassword",
    consentTerms: "POST /consent_terms",
    setLevel: "POST /level =level",
    updateTheme: "POST /updateTheme =theme",
    refreshSupport: "POST /user/support/refresh",
    getPlan: "GET /user/plan",
    changePlan: (body) => planCall(call.raw("PUT", "/user/plan", body), PLAN_CHANGE_FAILED, true),
    cancelPlan: () => planCall(call.raw("DELETE", "/user/plan"), PLAN_CANCEL_FAILED),
    updatePayment: (id) => planCall(call.raw("PUT", "/user/payment", { id }), PAYMENT_UPDATE_FAILED),
  });
