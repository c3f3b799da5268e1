import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_LINK_TTL_MS, signedMediaUrl } from "../publicLink.js";
import { API, createMediaTestApp, testUploader, uploadWith } from "../../test-support/mediaUpload.js";
import type { TestApp } from "../../test-support/testApp.js";

// A 1×1 PNG.
const PNG = new Uint8Array(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==", "base64"),
);

let t: TestApp;
let email: string;
let token: string;
let image: string;
let audio: string;

beforeAll(async () => {
  t = await createMediaTestApp();
  email = (await t.user()).email;
  token = await t.login(email);
  image = String((await uploadWith(testUploader(t, token), PNG, "banner.png")).uniqueID);
  audio = String((await uploadWith(testUploader(t, token), new Uint8Array([1, 2, 3, 4]), "voice.wav")).uniqueID);
});
afterAll(async () => {
  await t.close();
});

/** A link the server made, fetched as a service would: no token, the path and query of the link. */
const fetchLink = (link: string, init: RequestInit = {}) => {
  const url = new URL(link);
  expect(url.origin).toBe("https://cuepoint.test");
  return t.app.request(`${url.pathname}${url.search}`, init);
};
const linkTo = (id: string, ttl = MEDIA_LINK_TTL_MS) =>
  signedMediaUrl(t.db.orm, "https://cuepoint.test/", id, new Date(t.clock.now().getTime() + ttl));

describe("signed media links", () => {
  it("serve the image without a login until they expire", async () => {
    const link = await linkTo(image);
    expect(link).toMatch(new RegExp(`^https://cuepoint\\.test/api/public/media/${image}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    const response = await fetchLink(link);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
    expect((await fetchLink(link, { headers: { range: "bytes=0-3" } })).status).toBe(206);

    t.clock.advance(MEDIA_LINK_TTL_MS + 1000);
    const expired = await fetchLink(link);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toMatchObject({ message: "This media link has expired." });
  });

  it("refuse a link whose id, expiry or signature was changed, and links with no signature", async () => {
    const link = new URL(await linkTo(image));
    const later = new URL(link);
    later.searchParams.set("expires", String(Number(link.searchParams.get("expires")) + 3600));
    const forged = new URL(link);
    forged.searchParams.set("signature", "0".repeat(64));
    const other = new URL(link.href.replace(image, audio));
    for (const changed of [later, forged, other]) {
      const response = await fetchLink(changed.href);
      expect(response.status, changed.href).toBe(403);
      expect(await response.json()).toMatchObject({ message: "This media link is not valid." });
    }
    expect((await t.app.request(`${API}/public/media/${image}`)).status).toBe(403);
    expect((await t.app.request(`${API}/public/media/not-a-uuid?expires=1&signature=${"a".repeat(64)}`)).status).toBe(403);
  });

  it("serve audio files too (a ringless voicemail's), and nothing once the file is deleted", async () => {
    const voice = await fetchLink(await linkTo(audio));
    expect([voice.status, voice.headers.get("content-type")]).toEqual([200, "audio/wav"]);
    expect(new Uint8Array(await voice.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3, 4]));
    const link = await linkTo(image);
    // A new login: the first test moved the clock past the session's end.
    await t.client(await t.login(email)).media.delete(image);
    const gone = await fetchLink(link);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ message: "This file is no longer in the media library." });
  });
});
