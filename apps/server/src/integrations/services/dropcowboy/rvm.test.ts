import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { executeAction, PermanentActionError } from "../../../engine/actions/index.js";
import { actionContext, makeJob } from "../../test-support/jobs.js";
import { createMediaTestApp, testUploader, uploadWith } from "../../../test-support/mediaUpload.js";
import type { TestApp } from "../../../test-support/testApp.js";
import { pointServicesAt } from "../../test-support/serviceEnv.js";
import { DROPCOWBOY_BRAND, DROPCOWBOY_SECRET, DROPCOWBOY_TEAM, startFakeDropCowboy, type FakeDropCowboy } from "./fake.js";

/*
 * Drop Cowboy's `POST /v1/rvm` with `audio_url` ("A URL to the voicemail audio to play (mp3 or
 * wav)") and `audio_type` ('mp3' or 'wav'):
 * https://drop-cowboy.gitbook.io/drop-cowboy-docs/api/sending-rvm-ringless-voicemail/api-endpoint.
 * An audio file of the media library reaches Drop Cowboy through a signed link that expires
 * (media/publicLink.ts); the fake fetches it as Drop Cowboy would, here through the app.
 */

/** One second of 8 kHz 8-bit mono silence as a WAV file. */
function wav(): Uint8Array<ArrayBuffer> {
  const samples = 8000;
  const bytes = Buffer.alloc(44 + samples, 0x80);
  bytes.write("RIFF", 0);
  bytes.writeUInt32LE(36 + samples, 4);
  bytes.write("WAVEfmt ", 8);
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20);
  bytes.writeUInt16LE(1, 22);
  bytes.writeUInt32LE(8000, 24);
  bytes.writeUInt32LE(8000, 28);
  bytes.writeUInt16LE(1, 32);
  bytes.writeUInt16LE(8, 34);
  bytes.write("data", 36);
  bytes.writeUInt32LE(samples, 40);
  return new Uint8Array(bytes);
}

const WAV = wav();
let t: TestApp;
let accountId: string;
let token: string;
let fake: FakeDropCowboy;
let restoreEnv: () => void;
let dropId: string;
let audio: string;
let strangersAudio: string;
let mp3: string;
let m4a: string;

beforeAll(async () => {
  fake = await startFakeDropCowboy();
  restoreEnv = pointServicesAt(fake.url);
  t = await createMediaTestApp();
  // Drop Cowboy fetches the link from the internet; here the fake reaches the app in-process.
  fake.fetchAudio = async (url) => {
    const link = new URL(url);
    return t.app.request(`${link.pathname}${link.search}`);
  };
  const user = await t.user();
  accountId = user.accountId;
  token = await t.login(user.email);
  dropId = (await t.client(token).integrations.create({ type: "DROPCOWBOY", team_id: DROPCOWBOY_TEAM, secret: DROPCOWBOY_SECRET })).success.integrationid;
  audio = String((await uploadWith(testUploader(t, token), WAV, "welcome.wav")).uniqueID);
  // The library takes these by their extension; their bytes are not what Drop Cowboy cares about here.
  mp3 = String((await uploadWith(testUploader(t, token), new Uint8Array([0xff, 0xfb, 0x90, 0x00]), "intro.mp3")).uniqueID);
  m4a = String((await uploadWith(testUploader(t, token), new Uint8Array([0, 0, 0, 8]), "memo.m4a")).uniqueID);
  const stranger = await t.login((await t.user()).email);
  strangersAudio = String((await uploadWith(testUploader(t, stranger), WAV, "theirs.wav")).uniqueID);
});
afterAll(async () => {
  restoreEnv();
  await Promise.all([t.close(), fake.close()]);
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.fetched.length = 0;
});

/** The engine's context with the server's public address (where Drop Cowboy is sent to fetch the audio). */
const context = () => {
  const ctx = actionContext(t);
  return { ...ctx, config: { ...ctx.config, publicURL: "https://cuepoint.test" } };
};

const rvmJob = (model: Record<string, unknown>, registrant = {}) =>
  makeJob({ accountId, integrationType: "DROPCOWBOY", action: "sendRvm", integrationID: dropId, model, registrant });

describe("Drop Cowboy sendRvm", () => {
  it("drops the media-library audio through a signed link that Drop Cowboy can fetch, valid for a day", async () => {
    const job = rvmJob({ brandId: DROPCOWBOY_BRAND, audiofile: audio, poolName: "pool-7", replyTo: "+15557654321" });
    await expect(executeAction(context(), job)).resolves.toEqual({ status: "sent", detail: expect.stringMatching(/^queued \(drop-\d+\)$/) });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.calls("POST /v1/rvm");
    expect(request?.headers).toMatchObject({ "x-team-id": DROPCOWBOY_TEAM, "x-secret": DROPCOWBOY_SECRET, "content-type": "application/json" });
    const body = request?.data as Record<string, string>;
    expect(body).toEqual({
      team_id: DROPCOWBOY_TEAM,
      secret: DROPCOWBOY_SECRET,
      foreign_id: job.idempotencyKey,
      brand_id: DROPCOWBOY_BRAND,
      phone_number: "+15551230007",
      audio_url: expect.stringMatching(new RegExp(`^https://cuepoint\\.test/api/public/media/${audio}\\?expires=\\d+&signature=[0-9a-f]{64}$`)),
      audio_type: "wav",
      pool_id: "pool-7",
      forwarding_number: "+15557654321",
    });
    const link = new URL(body.audio_url ?? "");
    const expires = Number(link.searchParams.get("expires")) * 1000;
    expect(expires - t.clock.now().getTime()).toBeGreaterThan(23.9 * 3600_000);
    expect(expires - t.clock.now().getTime()).toBeLessThanOrEqual(24 * 3600_000);

    // What Drop Cowboy does with it: fetch the file, with no login.
    await vi.waitFor(() => expect(fake.fetched).toHaveLength(1));
    expect(fake.fetched[0]).toMatchObject({ status: 200, contentType: "audio/wav", bytes: WAV.byteLength });

    // Signed: another file's id, or a changed signature, opens nothing.
    const forged = `${link.pathname.replace(audio, strangersAudio)}${link.search}`;
    expect((await t.app.request(forged)).status).toBe(403);
    // Expiring: after a day the same link is refused.
    t.clock.advance(24 * 3600_000 + 1000);
    try {
      const late = await t.app.request(`${link.pathname}${link.search}`);
      expect(late.status).toBe(403);
      expect(await late.json()).toMatchObject({ message: "This media link has expired." });
    } finally {
      t.clock.advance(-(24 * 3600_000 + 1000));
    }
  });

  it("says mp3 for an MP3 file, and refuses a type Drop Cowboy does not play before asking", async () => {
    await expect(executeAction(context(), rvmJob({ brandId: DROPCOWBOY_BRAND, audiofile: mp3 }))).resolves.toMatchObject({ status: "sent" });
    expect(fake.calls("POST /v1/rvm")[0]?.data).toMatchObject({ audio_type: "mp3", audio_url: expect.stringContaining(`/api/public/media/${mp3}?`) });
    fake.requests.length = 0;
    await expect(executeAction(context(), rvmJob({ brandId: DROPCOWBOY_BRAND, audiofile: m4a }))).rejects.toThrow(
      new PermanentActionError('Drop Cowboy: "memo.m4a" cannot be dropped as a voicemail; pick an MP3 or WAV file.'),
    );
    expect(fake.requests).toHaveLength(0);
  });

  it("skips registrants without SMS consent or a phone, without calling Drop Cowboy", async () => {
    const model = { brandId: DROPCOWBOY_BRAND, audiofile: audio };
    await expect(executeAction(context(), rvmJob(model, { smsConsent: false }))).resolves.toEqual({ status: "skipped", reason: "no SMS consent" });
    await expect(executeAction(context(), rvmJob(model, { phone: "" }))).resolves.toEqual({
      status: "skipped",
      reason: "the registrant has no phone number",
    });
    expect(fake.requests).toHaveLength(0);
  });

  it("refuses another account's audio file and a brand missing from the cached brands, before asking", async () => {
    await expect(executeAction(context(), rvmJob({ brandId: DROPCOWBOY_BRAND, audiofile: strangersAudio }))).rejects.toThrow(
      new PermanentActionError("Drop Cowboy: the audio file of this action is no longer in the media library; pick it again."),
    );
    await t.client(token).integrations.getLists("dropcowboy", { integrationID: dropId, refresh: true });
    fake.requests.length = 0;
    await expect(executeAction(context(), rvmJob({ brandId: "9f0e0000-0000-4000-8000-000000000000", audiofile: audio }))).rejects.toThrow(
      new PermanentActionError("Drop Cowboy: Pick a brand that exists in this Drop Cowboy account (brandId)."),
    );
    expect(fake.requests).toHaveLength(0);
  });

  it("a drop Drop Cowboy refuses fails in its words, not retried", async () => {
    fake.on({ "POST /v1/rvm": () => ({ status: 400, json: { error: "Insufficient funds" } }) });
    await expect(executeAction(context(), rvmJob({ brandId: DROPCOWBOY_BRAND, audiofile: audio }))).rejects.toThrow(
      new PermanentActionError("Drop Cowboy answered HTTP 400: Insufficient funds"),
    );
  });
});
