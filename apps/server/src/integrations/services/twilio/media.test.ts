import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { executeAction, PermanentActionError } from "../../../engine/actions/index.js";
import { actionContext, makeJob } from "../../test-support/jobs.js";
import { createMediaTestApp, testUploader, uploadWith } from "../../../test-support/mediaUpload.js";
import type { TestApp } from "../../../test-support/testApp.js";
import { startFakeService, type FakeService } from "../../test-support/fakeService.js";
import { pointServicesAt } from "../../test-support/serviceEnv.js";

/*
 * Twilio's Messages resource as documented (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource):
 * `MediaUrl` is a publicly reachable URL Twilio fetches when it sends the MMS — JPEG, PNG and GIF
 * are fully supported, 5 MB at most (https://www.twilio.com/docs/messaging/guides/accepted-mime-types).
 * An image of the media library reaches Twilio through a signed link that expires (media/publicLink.ts).
 */

const SID = "AC0123456789abcdef0123456789abcdef";
const TOKEN = "twilio-token-0123456789";
const PATH = `/2010-04-01/Accounts/${SID}/Messages.json`;
const PNG = new Uint8Array(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==", "base64"),
);

let t: TestApp;
let accountId: string;
let peer: FakeService;
let restoreEnv: () => void;
let twilioId: string;
let image: string;
let tiff: string;
let strangersImage: string;

beforeAll(async () => {
  peer = await startFakeService({
    [`POST ${PATH}`]: (r) =>
      r.headers.authorization === `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString("base64")}`
        ? { status: 201, json: { sid: "MM0001", status: "queued", num_media: "1" } }
        : { status: 401, json: { code: 20003, message: "Authenticate", status: 401 } },
  });
  restoreEnv = pointServicesAt(peer.url);
  t = await createMediaTestApp();
  const user = await t.user();
  accountId = user.accountId;
  const token = await t.login(user.email);
  twilioId = (await t.client(token).integrations.create({ type: "TWILIO", sid: SID, token: TOKEN })).success.integrationid;
  image = String((await uploadWith(testUploader(t, token), PNG, "welcome.png")).uniqueID);
  tiff = String((await uploadWith(testUploader(t, token), PNG, "scan.tiff")).uniqueID);
  const stranger = await t.login((await t.user()).email);
  strangersImage = String((await uploadWith(testUploader(t, stranger), PNG, "theirs.png")).uniqueID);
});
afterAll(async () => {
  restoreEnv();
  await Promise.all([t.close(), peer.close()]);
});
beforeEach(() => {
  peer.requests.length = 0;
});

/** The engine's context with the server's public address (where Twilio is sent to fetch the image). */
const context = () => {
  const ctx = actionContext(t);
  return { ...ctx, config: { ...ctx.config, publicURL: "https://cuepoint.test" } };
};

const mmsJob = (imageId: string) =>
  makeJob({
    accountId,
    integrationType: "TWILIO",
    action: "sendmms",
    integrationID: twilioId,
    model: { type: "image", image: imageId, mmsText: "See you there, {first_name}", phonenumber: "+15557654321" },
  });

describe("sendmms with a media-library image", () => {
  it("gives Twilio a signed public link to the image, valid for a day, that serves it without a login", async () => {
    await expect(executeAction(context(), mmsJob(image))).resolves.toEqual({ status: "sent", detail: "HTTP 201 MM0001 queued" });
    const form = peer.calls(`POST ${PATH}`)[0]?.data as Record<string, string>;
    expect(form).toMatchObject({ To: "+15551230007", From: "+15557654321", Body: "See you there, Ada" });
    const link = new URL(form.MediaUrl ?? "");
    expect(`${link.origin}${link.pathname}`).toBe(`https://cuepoint.test/api/public/media/${image}`);
    const expires = Number(link.searchParams.get("expires")) * 1000;
    expect(expires - t.clock.now().getTime()).toBeGreaterThan(23.9 * 3600_000);
    expect(expires - t.clock.now().getTime()).toBeLessThanOrEqual(24 * 3600_000);

    // What Twilio does with it: fetch it, with no token.
    const fetched = await t.app.request(`${link.pathname}${link.search}`);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await fetched.arrayBuffer())).toEqual(PNG);
  });

  it("refuses an image MMS cannot carry and another account's image, sending nothing", async () => {
    const ctx = context();
    await expect(executeAction(ctx, mmsJob(tiff))).rejects.toThrow(
      new PermanentActionError('Twilio: "scan.tiff" cannot go by MMS; pick a JPEG, PNG or GIF image.'),
    );
    await expect(executeAction(ctx, mmsJob(strangersImage))).rejects.toThrow(
      new PermanentActionError("Twilio: the image of this action is no longer in the media library; pick it again."),
    );
    expect(peer.requests).toHaveLength(0);
  });
});
