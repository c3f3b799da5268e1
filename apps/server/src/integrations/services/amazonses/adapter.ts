import { GetAccountCommand } from "@aws-sdk/client-sesv2";
import { ServiceError } from "../../serviceCall.js";
import type { IntegrationAdapter } from "../types.js";
import { missingWords, sendOptions, sesClient, sesServiceError } from "./client.js";

/**
 * AMAZONSES's connection check: the account's sending status in the region (`GetAccount`, `GET
 * /v2/email/account`, signed with the keys), so unknown keys, a wrong secret and a key without
 * SES rights are each refused in Amazon's words, and the answer says whether sending is enabled
 * and whether the account is still in the sandbox. sendMail picks from no list, so there are no
 * lists.
 */
export const amazonSes: IntegrationAdapter = {
  async check(ctx) {
    const client = sesClient(ctx);
    if ("missing" in client) throw new ServiceError(`Amazon SES: enter ${missingWords(client.missing)}.`, "refused");
    let account;
    try {
      account = await client.send(new GetAccountCommand({}), sendOptions());
    } catch (error) {
      throw sesServiceError(error);
    } finally {
      client.destroy();
    }
    const region = ctx.credentials.aws_region?.trim().toLowerCase();
    if (!account.SendingEnabled) {
      throw new ServiceError(`Amazon SES accepted the keys, but sending is paused for this account in ${region}.`, "refused");
    }
    const quota = account.SendQuota?.Max24HourSend;
    const limits = quota === undefined ? "" : ` (${quota.toLocaleString("en-US")} mails a day)`;
    return account.ProductionAccessEnabled
      ? `Amazon SES accepted the keys: sending is enabled in ${region}${limits}.`
      : `Amazon SES accepted the keys; the account is in the sandbox in ${region}${limits}: it only sends to verified addresses until AWS grants production access.`;
  },
};
