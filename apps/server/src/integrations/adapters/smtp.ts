import { probeSmtp } from "./smtpProbe.js";
import type { IntegrationAdapter } from "./types.js";

/** SMTP: the check logs in to the server (see smtpProbe.ts); no lists. */
export const smtp: IntegrationAdapter = {
  async check(ctx) {
    const { address = "", port = "", username, password } = ctx.credentials;
    await probeSmtp({ host: address, port: Number(port), username, password });
    return username ? "The SMTP server accepted the login." : "The SMTP server answered.";
  },
};
