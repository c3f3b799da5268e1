/*
 * A loopback Amazon SES API v2, written from AWS's public references:
 * - https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_SendEmail.html (POST /v2/email/outbound-emails, JSON:
 *   FromEmailAddress, Destination.ToAddresses, Content.Simple { Subject, Body.Text, Headers }; 200 `{ "MessageId" }`;
 *   400 MessageRejected, 429 TooManyRequestsException, 400 SendingPausedException…)
 * - https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_GetAccount.html (GET /v2/email/account: SendingEnabled,
 *   ProductionAccessEnabled, SendQuota, EnforcementStatus)
 * - https://docs.aws.amazon.com/ses/latest/APIReference-V2/CommonErrors.html (403 UnrecognizedClientException,
 *   SignatureDoesNotMatch, 400 IncompleteSignature; the error code in the `x-amzn-ErrorType` header, `{ "message" }`)
 * - https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html and
 *   https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-signing-elements.html (Signature Version 4: the
 *   canonical request, the string to sign, the signing key, `Authorization: AWS4-HMAC-SHA256 Credential=<key id>/
 *   <yyyymmdd>/<region>/ses/aws4_request, SignedHeaders=…, Signature=<64 hex>`, `X-Amz-Date`, 15 minutes of skew)
 * - https://docs.aws.amazon.com/general/latest/gr/ses.html (endpoints email.<region>.amazonaws.com, signing name `ses`)
 * - https://docs.aws.amazon.com/ses/latest/dg/header-fields.html (SES replaces a given Message-ID; custom headers kept)
 * The fake recomputes the signature with the account's secret, as AWS does, so a request that is not signed exactly
 * as documented is refused.
 */
import { createHash, createHmac } from "node:crypto";
import { startFakeService, type FakeAnswer, type FakeService, type ReceivedRequest } from "../../test-support/fakeService.js";

export const SES_KEY_ID = "AKIAIOSFODNN7EXAMPLE";
export const SES_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
export const SES_REGION = "eu-west-1";

/** One mail SES accepted: the request's JSON and the MessageId answered. */
export interface SesMail {
  body: {
    FromEmailAddress?: string;
    Destination?: { ToAddresses?: string[] };
    Content?: { Simple?: { Subject?: { Data?: string; Charset?: string }; Body?: { Text?: { Data?: string; Charset?: string } }; Headers?: Array<{ Name: string; Value: string }> } };
  };
  messageId: string;
}

export interface SesFake extends FakeService {
  mails: SesMail[];
  /** Addresses SES has verified (in the sandbox, the only senders and recipients accepted). */
  verified: Set<string>;
  /** The account as GetAccount answers it. */
  account: { SendingEnabled: boolean; ProductionAccessEnabled: boolean };
  /** Makes the next SendEmail answer this error (AWS's code and words) before sending anything. */
  failNext(status: number, code: string, message: string): void;
}

const awsError = (status: number, code: string, message: string): FakeAnswer => ({
  status,
  headers: { "x-amzn-ErrorType": code, "x-amzn-RequestId": "e4a3f9d0-0000-4000-8000-000000000000" },
  json: { message },
});

const sha256 = (data: string) => createHash("sha256").update(data, "utf8").digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data, "utf8").digest();

const AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^/\s,]+)\/(\d{8})\/([a-z0-9-]+)\/([a-z0-9]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/** RFC 3986 encoding as SigV4 documents it (unreserved kept, everything else %XX upper case). */
const uriEncode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Verifies a request's SigV4 `Authorization` header as AWS documents it; answers AWS's error, or
 * undefined when the signature is the one the secret gives.
 */
export function verifySigV4(request: ReceivedRequest, now = Date.now()): FakeAnswer | undefined {
  const header = String(request.headers.authorization ?? "");
  if (!header) return awsError(403, "MissingAuthenticationTokenException", "Missing Authentication Token");
  const parts = AUTHORIZATION.exec(header);
  if (!parts) return awsError(400, "IncompleteSignatureException", `Authorization header requires 'Credential', 'Signature', 'SignedHeaders' parameters. Authorization=${header}`);
  const [, keyId = "", day = "", region = "", serviceName = "", signedHeaders = "", signature = ""] = parts;
  if (keyId !== SES_KEY_ID) return awsError(403, "UnrecognizedClientException", "The security token included in the request is invalid.");
  if (serviceName !== "ses") return awsError(403, "InvalidSignatureException", `Credential should be scoped to correct service: 'ses'.`);
  if (region !== SES_REGION) return awsError(403, "InvalidSignatureException", `Credential should be scoped to a valid region.`);
  const amzDate = String(request.headers["x-amz-date"] ?? "");
  const signedAt = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!signedAt || !amzDate.startsWith(day)) return awsError(400, "IncompleteSignatureException", "Date must be in ISO-8601 'basic format'.");
  const [, y, mo, d, h, mi, s] = signedAt.map(Number);
  if (Math.abs(Date.UTC(y!, mo! - 1, d, h, mi, s) - now) > 15 * 60_000) {
    return awsError(403, "InvalidSignatureException", "Signature expired: the request time is more than 15 minutes from the server's.");
  }
  const names = signedHeaders.split(";");
  if (!names.includes("host") || !names.includes("x-amz-date") || [...names].sort().join(";") !== signedHeaders) {
    return awsError(403, "InvalidSignatureException", "The signed headers must include host and x-amz-date, sorted.");
  }
  const canonicalHeaders = names
    .map((name) => `${name}:${String(request.headers[name] ?? "").trim().replace(/\s+/g, " ")}\n`)
    .join("");
  const query = [...request.query.entries()]
    .map(([name, value]) => [uriEncode(name), uriEncode(value)])
    .sort(([a = "", x = ""], [b = "", y = ""]) => (a === b ? x.localeCompare(y) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const path = request.path.split("/").map((segment) => uriEncode(decodeURIComponent(segment))).join("/");
  const canonical = [request.method, path, query, canonicalHeaders, signedHeaders, sha256(request.body)].join("\n");
  const scope = `${day}/${region}/${serviceName}/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonical)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${SES_SECRET}`, day), region), serviceName), "aws4_request");
  if (createHmac("sha256", key).update(toSign, "utf8").digest("hex") !== signature) {
    return awsError(
      403,
      "SignatureDoesNotMatch",
      "The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.",
    );
  }
  return undefined;
}

const signed = (answer: (request: ReceivedRequest) => FakeAnswer) => (request: ReceivedRequest) => verifySigV4(request) ?? answer(request);

const ADDRESS = /^(?:"(?:[^"\\]|\\.)*"\s*<([^\s@<>]+@[^\s@<>]+)>|([^\s@<>"]+@[^\s@<>"]+))$/;
const bare = (value: string | undefined) => {
  const match = ADDRESS.exec(value?.trim() ?? "");
  return match ? (match[1] ?? match[2] ?? "").toLowerCase() : undefined;
};

/** Starts the fake: a production account in `SES_REGION` with verified sender events@acme.example. */
export async function startSesFake(): Promise<SesFake> {
  const mails: SesMail[] = [];
  const verified = new Set(["events@acme.example"]);
  const account = { SendingEnabled: true, ProductionAccessEnabled: true };
  const failures: FakeAnswer[] = [];
  const fake = await startFakeService({
    "GET /v2/email/account": signed(() => ({
      json: {
        DedicatedIpAutoWarmupEnabled: false,
        EnforcementStatus: "HEALTHY",
        ProductionAccessEnabled: account.ProductionAccessEnabled,
        SendingEnabled: account.SendingEnabled,
        SendQuota: { Max24HourSend: account.ProductionAccessEnabled ? 50000 : 200, MaxSendRate: 14, SentLast24Hours: 12 },
      },
    })),
    "POST /v2/email/outbound-emails": signed((request) => {
      const failure = failures.shift();
      if (failure) return failure;
      if (!String(request.headers["content-type"]).startsWith("application/json")) {
        return awsError(400, "BadRequestException", "Content-Type must be application/json");
      }
      const body = request.data as SesMail["body"];
      const simple = body.Content?.Simple;
      if (!simple?.Subject?.Data || !simple.Body?.Text?.Data) return awsError(400, "BadRequestException", "Simple content needs a subject and a body");
      const from = bare(body.FromEmailAddress);
      const to = body.Destination?.ToAddresses ?? [];
      if (!from || to.length === 0 || !to.every((one) => bare(one))) {
        return awsError(400, "BadRequestException", "Missing final '@domain'");
      }
      const unverified = [from, ...(account.ProductionAccessEnabled ? [] : to.map((one) => bare(one) ?? ""))].filter((one) => !verified.has(one));
      if (unverified.length > 0) {
        return awsError(400, "MessageRejected", `Email address is not verified. The following identities failed the check in region ${SES_REGION.toUpperCase()}: ${unverified.join(", ")}`);
      }
      const messageId = `0102018e${String(mails.length + 1).padStart(8, "0")}-5a6b7c8d-0000-0000-0000-000000000000-000000`;
      mails.push({ body, messageId });
      return { json: { MessageId: messageId } };
    }),
  });
  return Object.assign(fake, {
    mails,
    verified,
    account,
    failNext: (status: number, code: string, message: string) => void failures.push(awsError(status, code, message)),
  });
}
