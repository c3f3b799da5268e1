import * as R from "../../../schemas/requests/index.js";
import { type CallRow } from "./types.js";

/** Session, account, tokens and banner calls. */
export const accountCalls: Record<string, CallRow> = {
  "session.login (email)": {
    schema: R.LoginRequestSchema,
    call: (c) => c.session.login("host@example.com", "Webinar#2024", { remember: true }),
    method: "POST", path: "/login", encoding: "multipart",
    body: { email: "host@example.com", password: "Webinar#2024", remember: "true" },
  },
  "session.login (no remember)": {
    schema: R.LoginRequestSchema,
    call: (c) => c.session.login("host@example.com", "Webinar#2024"),
    method: "POST", path: "/login", encoding: "multipart", body: { email: "host@example.com", password: "Webinar#2024" },
  },
  "session.login (accessToken)": {
    schema: R.LoginRequestSchema,
    call: (c) => c.session.login({ accessToken: "pat_1" }),
    method: "POST", path: "/login", encoding: "multipart", body: { accessToken: "pat_1" },
  },
  "session.validate": { call: (c) => c.session.validate(), method: "POST", path: "/validate", encoding: "none" },
  "session.logout": { call: (c) => c.session.logout(), method: "POST", path: "/logout", encoding: "none" },
  "account.forgotPassword": {
    call: (c) => c.account.forgotPassword("host@example.com"),
    method: "POST",
    path: "/forgotpassword",
    encoding: "json",
    body: { email: "host@example.com" },
    schema: R.ForgotPasswordRequestSchema,
  },
  "account.resourceStatus": {
    call: (c) => c.account.resourceStatus(), method: "POST", path: "/user/resource_status", encoding: "none",
  },
  "account.resourceHistory": {
    schema: R.ResourceHistoryQuerySchema,
    call: (c) => c.account.resourceHistory({ page: 2, type: "actions" }),
    method: "GET", path: "/user/resource_history", query: { page: "2", type: "actions" }, encoding: "none",
  },
  "account.updateUser": {
    schema: R.UpdateUserRequestSchema,
    call: (c) => c.account.updateUser({ name: "Ada" }), method: "POST", path: "/updateuser", encoding: "json", body: { name: "Ada" },
  },
  "account.checkPassword": {
    schema: R.CheckPasswordRequestSchema,
    call: (c) => c.account.checkPassword({ password: "Old#2023pass", newpass: "New#2024pass" }),
    method: "POST", path: "/checkpassword", encoding: "json", body: { password: "Old#2023pass", newpass: "New#2024pass" },
  },
  "account.purchases": { call: (c) => c.account.purchases(), method: "GET", path: "/purchases", encoding: "none" },
  "account.termsOfService": {
    call: (c) => c.account.termsOfService(), method: "GET", path: "/terms_of_service", encoding: "none",
  },
  "account.checkForgotToken": {
    schema: R.CheckForgotTokenRequestSchema,
    call: (c) => c.account.checkForgotToken("t0k"), method: "POST", path: "/checkforgottoken", encoding: "json", body: { token: "t0k" },
  },
  "account.changePassword": {
    schema: R.ChangePasswordRequestSchema,
    call: (c) => c.account.changePassword({ token: "t0k", password: "New#2024pass" }),
    method: "POST", path: "/changepassword", encoding: "json", body: { token: "t0k", password: "New#2024pass" },
  },
  "account.consentTerms": { call: (c) => c.account.consentTerms(), method: "POST", path: "/consent_terms", encoding: "none" },
  "account.setLevel": {
    schema: R.SetLevelRequestSchema,
    call: (c) => c.account.setLevel("expert"), method: "POST", path: "/level", encoding: "json", body: { level: "expert" },
  },
  "account.updateTheme": {
    schema: R.UpdateThemeRequestSchema,
    call: (c) => c.account.updateTheme("dark"), method: "POST", path: "/updateTheme", encoding: "json", body: { theme: "dark" },
  },
  "account.refreshSupport": {
    call: (c) => c.account.refreshSupport(), method: "POST", path: "/user/support/refresh", encoding: "none",
  },
  "account.getPlan": { call: (c) => c.account.getPlan(), method: "GET", path: "/user/plan", encoding: "none" },
  "account.changePlan": {
    schema: R.ChangePlanRequestSchema,
    call: (c) => c.account.changePlan({ plan: "advanced", frequency: "yearly" }),
    method: "PUT", path: "/user/plan", encoding: "json", body: { plan: "advanced", frequency: "yearly" },
  },
  "account.cancelPlan": { call: (c) => c.account.cancelPlan(), method: "DELETE", path: "/user/plan", encoding: "none" },
  "account.updatePayment": {
    schema: R.UpdatePaymentRequestSchema,
    call: (c) => c.account.updatePayment("pm_1"), method: "PUT", path: "/user/payment", encoding: "json", body: { id: "pm_1" },
  },
  "tokens.list": { call: (c) => c.tokens.list(), method: "GET", path: "/oauth/personal-access-tokens", encoding: "none" },
  "tokens.create": {
    schema: R.CreateTokenRequestSchema,
    call: (c) => c.tokens.create({ name: "Zapier", scopes: ["webinars:read"] }),
    method: "POST", path: "/oauth/personal-access-tokens", encoding: "json", body: { name: "Zapier", scopes: ["webinars:read"] },
  },
  "tokens.delete": {
    call: (c) => c.tokens.delete(7), method: "DELETE", path: "/oauth/personal-access-tokens/7", encoding: "none",
  },
  "tokens.scopes": { call: (c) => c.tokens.scopes(), method: "GET", path: "/oauth/scopes", encoding: "none" },
  "banner.get": { call: (c) => c.banner.get(), method: "GET", path: "/localization/banner", encoding: "none" },
};
