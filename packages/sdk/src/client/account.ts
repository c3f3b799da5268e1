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
import { fetcherOf, route, type CallOf } from "./route.js";
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

/** `POST /user/resource_status`: usage against the plan's limits. @example await accountResourceStatus(client) */
export const accountResourceStatus: CallOf<AccountResource["resourceStatus"]> = /* @__PURE__ */ route("POST /user/resource_status");

/** `GET /user/resource_history`: usage history, a page at a time. @example await accountResourceHistory(client, { page: 1 }) */
export const accountResourceHistory: CallOf<AccountResource["resourceHistory"]> = /* @__PURE__ */ route("GET /user/resource_history");

/** `POST /updateuser`: changes profile fields. @example await accountUpdateUser(client, { name: "Ada" }) */
export const accountUpdateUser: CallOf<AccountResource["updateUser"]> = /* @__PURE__ */ route("POST /updateuser");

/**
 * `POST /checkpassword`: checks the current password, or with `newpass` also sets a new one.
 *
 * @example
 * await accountCheckPassword(client, { password: "Old#2023pass", newpass: "New#2024pass" })
 */
export const accountCheckPassword: CallOf<AccountResource["checkPassword"]> = /* @__PURE__ */ route("POST /checkpassword");

/** `GET /purchases`: add-ons bought (extra actions). @example await accountPurchases(client) */
export const accountPurchases: CallOf<AccountResource["purchases"]> = /* @__PURE__ */ route("GET /purchases");

/** `GET /terms_of_service`: the current terms. @example const { success } = await accountTermsOfService(client) */
export const accountTermsOfService: CallOf<AccountResource["termsOfService"]> = /* @__PURE__ */ route("GET /terms_of_service");

/**
 * `POST /forgotpassword` (design): mails a one-time reset link; answers the same whether or not the
 * address has an account.
 *
 * @example
 * await accountForgotPassword(client, "host@example.com")
 */
export const accountForgotPassword: CallOf<AccountResource["forgotPassword"]> = /* @__PURE__ */ route("POST /forgotpassword =email");

/** `POST /checkforgottoken`: is the forgot-password token valid? @example await accountCheckForgotToken(client, token) */
export const accountCheckForgotToken: CallOf<AccountResource["checkForgotToken"]> = /* @__PURE__ */ route("POST /checkforgottoken =token");

/** `POST /changepassword`: sets a new password. @example await accountChangePassword(client, { token, password }) */
export const accountChangePassword: CallOf<AccountResource["changePassword"]> = /* @__PURE__ */ route("POST /changepassword");

/** `POST /consent_terms`: the user agrees to the current terms. @example await accountConsentTerms(client) */
export const accountConsentTerms: CallOf<AccountResource["consentTerms"]> = /* @__PURE__ */ route("POST /consent_terms");

/** `POST /level`: sets the experience level. @example await accountSetLevel(client, "expert") */
export const accountSetLevel: CallOf<AccountResource["setLevel"]> = /* @__PURE__ */ route("POST /level =level");

/** `POST /updateTheme`: stores the colour-mode preference. @example await accountUpdateTheme(client, "dark") */
export const accountUpdateTheme: CallOf<AccountResource["updateTheme"]> = /* @__PURE__ */ route("POST /updateTheme =theme");

/** `POST /user/support/refresh`: refreshes the support-chat identity. @example await accountRefreshSupport(client) */
export const accountRefreshSupport: CallOf<AccountResource["refreshSupport"]> = /* @__PURE__ */ route("POST /user/support/refresh");

/** `GET /user/plan`: the current plan. @example const { success: plan } = await accountGetPlan(client) */
export const accountGetPlan: CallOf<AccountResource["getPlan"]> = /* @__PURE__ */ route("GET /user/plan");

/**
 * `PUT /user/plan`. Rejects with a `PlanError` carrying the server's error, or
 * {@link PLAN_CHANGE_FAILED}.
 *
 * @example
 * await accountChangePlan(client, { plan: "advanced", frequency: "yearly" }).catch((e) => toast(e.message))
 */
export const accountChangePlan: CallOf<AccountResource["changePlan"]> = (client, body) =>
  planCall(fetcherOf(client).raw("PUT", "/user/plan", body), PLAN_CHANGE_FAILED, true);

/** `DELETE /user/plan`. Rejects with a `PlanError` of {@link PLAN_CANCEL_FAILED}. @example await accountCancelPlan(client) */
export const accountCancelPlan: CallOf<AccountResource["cancelPlan"]> = (client) =>
  planCall(fetcherOf(client).raw("DELETE", "/user/plan"), PLAN_CANCEL_FAILED);

/** `PUT /user/payment`. Rejects with a `PlanError` of {@link PAYMENT_UPDATE_FAILED}. @example await accountUpdatePayment(client, "pm_123") */
export const accountUpdatePayment: CallOf<AccountResource["updatePayment"]> = (client, id) =>
  planCall(fetcherOf(client).raw("PUT", "/user/payment", { id }), PAYMENT_UPDATE_FAILED);

/** Account calls (spec §7 "Session and account"). */
export const account = /* @__NO_SIDE_EFFECTS__ */ (call: Fetcher): AccountResource =>
  group<AccountResource>(call, {
    resourceStatus: accountResourceStatus,
    resourceHistory: accountResourceHistory,
    updateUser: accountUpdateUser,
    checkPassword: accountCheckPassword,
    purchases: accountPurchases,
    termsOfService: accountTermsOfService,
    forgotPassword: accountForgotPassword,
    checkForgotToken: accountCheckForgotToken,
    changePassword: accountChangePassword,
    consentTerms: accountConsentTerms,
    setLevel: accountSetLevel,
    updateTheme: accountUpdateTheme,
    refreshSupport: accountRefreshSupport,
    getPlan: accountGetPlan,
    changePlan: accountChangePlan,
    cancelPlan: accountCancelPlan,
    updatePayment: accountUpdatePayment,
  });
