import { ServiceError } from "../../serviceCall.js";
import type { IntegrationAdapter } from "../types.js";
import { mailgunAccount, mailgunServiceError } from "./client.js";

/**
 * MAILGUN's connection check: the sending domain as Mailgun knows it (`GET /v4/domains/{name}`
 * with the key), so a wrong key (401 "Forbidden"), a domain of another account or region (404
 * "Domain not found") and an unverified domain are each told. sendMail picks from no list, so
 * there are no lists.
 */
export const mailgun: IntegrationAdapter = {
  async check(ctx) {
    const account = mailgunAccount(ctx);
    if ("missing" in account) {
      throw new ServiceError(`Mailgun: enter the ${account.missing === "domain" ? "sending domain" : "API key"}.`, "refused");
    }
    let state: string | undefined;
    try {
      ({ state } = await account.client.domains.get(account.domain));
    } catch (error) {
      throw mailgunServiceError(error);
    }
    if (state && state !== "active") {
      return `Mailgun accepted the key; the domain ${account.domain} is ${state}: Mailgun sends from it once its DNS records are verified.`;
    }
    return `Mailgun accepted the key; the domain ${account.domain} is active.`;
  },
};
