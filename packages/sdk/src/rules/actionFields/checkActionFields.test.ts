import { describe, expect, it } from "vitest";
import { LIVE_EVENT_KINDS } from "../../integrations/index.js";
import { checkActionFields, listActionFieldProblems, type ActionFieldsInput } from "./checkActionFields.js";

type Extra = Omit<ActionFieldsInput, "kind" | "action" | "model">;
const ok = { ok: true };
function problem(field: string, message: string, reason = "missing") {
  return { ok: false, field, message, reason };
}
function run(kind: string, action: string, model: Record<string, unknown>, extra: Extra = {}) {
  return checkActionFields({ kind, action, model, ...extra });
}

describe("text messaging", () => {
  it.each(["TWILIO", "CLICKSEND"])("%s sendsms needs sms-text and phonenumber", (kind) => {
    expect(run(kind, "sendsms", { smsText: "Starting now", phonenumber: "+15551234567" })).toEqual(ok);
    expect(run(kind, "sendsms", { phonenumber: "+15551234567" })).toEqual(
      problem("smsText", "Enter the SMS text"),
    );
    expect(run(kind, "sendsms", { smsText: "Hi", phonenumber: "  " })).toEqual(
      problem("phonenumber", "Enter the sender phone number"),
    );
  });

  it("sendmms needs type and image", () => {
    expect(run("TWILIO", "sendmms", { type: "image", image: "img-1" })).toEqual(ok);
    expect(run("TWILIO", "sendmms", { image: "img-1" })).toEqual(problem("type", "Choose the image source"));
    expect(run("TWILIO", "sendmms", { type: "niftyimage" })).toEqual(problem("image", "Pick the image"));
    expect(run("TWILIO", "sendmms", { type: "video", image: "i" })).toMatchObject({
      ok: false,
      field: "type",
      reason: "invalid",
    });
  });
});

describe("chat marketing (ManyChat)", () => {
  const tags = [{ id: "101", name: "webinar" }];
  it("tag needs a known tag id", () => {
    expect(run("MANYCHAT", "addTag", { tagName: "101" }, { lists: { tags } })).toEqual(ok);
    expect(run("MANYCHAT", "addTag", { tagName: 101 }, { lists: { tags } })).toEqual(ok);
    expect(run("MANYCHAT", "addTag", { tagName: "webinar" }, { lists: { tags } })).toEqual(
      problem("tagName", "Pick a tag that exists in this ManyChat account", "notFound"),
    );
    expect(run("MANYCHAT", "addTag", {})).toEqual(problem("tagName", "Pick a tag"));
  });

  it("text needs text", () => {
    expect(run("MANYCHAT", "sendText", { message: "See you live!" })).toEqual(ok);
    expect(run("MANYCHAT", "sendText", { message: "" })).toEqual(problem("message", "Enter the message text"));
  });

  it("media needs type and file", () => {
    const file = "https://cdn.example.com/offer.png";
    expect(run("MANYCHAT", "sendMedia", { type: "image", file })).toEqual(ok);
    expect(run("MANYCHAT", "sendMedia", { file })).toEqual(problem("type", "Choose the media type"));
    expect(run("MANYCHAT", "sendMedia", { type: "video" })).toEqual(problem("file", "Enter the file address"));
  });
});

describe("actions that need a known id", () => {
  const cases = [
    ["ACTIVECAMPAIGN", "addTag", "tagName", "tags", "a tag", "ActiveCampaign"],
    ["ONTRAPORT", "addToCampaign", "campaignName", "campaigns", "a campaign", "Ontraport"],
    ["ACTIVECAMPAIGN", "moveList", "listName", "lists", "a list", "ActiveCampaign"],
    ["HUBSPOT", "addToWorkflow", "workflowName", "workflows", "a workflow", "HubSpot"],
    ["ACTIVECAMPAIGN", "addToAutomation", "automationName", "automations", "an automation", "ActiveCampaign"],
    ["CONVERTKIT", "addToSequence", "sequenceName", "sequences", "a sequence", "Kit (ConvertKit)"],
    ["MAILERLITE", "addToGroup", "groupName", "groups", "a group", "MailerLite"],
    ["INFUSIONSOFT", "achieveGoal", "goalName", "goals", "an API goal", "Keap (Infusionsoft)"],
    ["DROPCOWBOY", "sendRvm", "brandId", "brands", "a brand", "Drop Cowboy"],
  ] as const;
  const base = { audiofile: "aud-1" }; // the other required field of Drop Cowboy's ringless voicemail

  it.each(cases)("%s %s: %s must be set", (kind, action, field, _list, noun) => {
    expect(run(kind, action, base)).toEqual(problem(field, `Pick ${noun}`));
  });

  it.each(cases)("%s %s: %s passes when its list is not cached", (kind, action, field) => {
    expect(run(kind, action, { ...base, [field]: "anything" })).toEqual(ok);
  });

  it.each(cases)("%s %s: %s must exist in the cached %s", (kind, action, field, list, noun, label) => {
    const lists = { [list]: [{ id: "1", name: "First" }, { id: 2 }] };
    expect(run(kind, action, { ...base, [field]: "2" }, { lists })).toEqual(ok);
    expect(run(kind, action, { ...base, [field]: "3" }, { lists })).toEqual(
      problem(field, `Pick ${noun} that exists in this ${label} account`, "notFound"),
    );
  });
});

describe("voicemail drop (Drop Cowboy)", () => {
  it("offers the ringless voicemail and SMS its API documents, no voice call", () => {
    expect(run("DROPCOWBOY", "sendVoice", { replyTo: "+1555", poolName: "p1" })).toMatchObject({ ok: false });
  });

  it("sms needs its text, the reply-to number and the number pool ID", () => {
    const sms = { smsText: "Replay is up", replyTo: "+1555", poolName: "p1" };
    expect(run("DROPCOWBOY", "sendsms", sms)).toEqual(ok);
    expect(run("DROPCOWBOY", "sendsms", { ...sms, replyTo: "" })).toEqual(problem("replyTo", "Enter the reply-to number"));
    expect(run("DROPCOWBOY", "sendsms", { ...sms, poolName: undefined })).toEqual(problem("poolName", "Enter the number pool ID"));
  });

  it("rvm needs a brand and an audio file; pool and reply-to are optional", () => {
    expect(run("DROPCOWBOY", "sendRvm", { brandId: "b1", audiofile: "aud-1" })).toEqual(ok);
    expect(run("DROPCOWBOY", "sendRvm", { audiofile: "aud-1" })).toEqual(problem("brandId", "Pick a brand"));
    expect(run("DROPCOWBOY", "sendRvm", { brandId: "b1", poolName: "p1" })).toEqual(problem("audiofile", "Pick an audio file"));
  });
});

describe("audio files (Drop Cowboy's ringless voicemail; ClickSend's voice API cannot play one, so it offers no action)", () => {
  const audios = [{ uniqueID: "aud-1" }, { uniqueID: "aud-2" }];
  it("needs an audio file existing among the user's audios", () => {
    expect(run("DROPCOWBOY", "sendRvm", { brandId: "b1", audiofile: "aud-2" }, { audios })).toEqual(ok);
    expect(run("DROPCOWBOY", "sendRvm", { brandId: "b1", audiofile: "aud-9" }, { audios })).toEqual(
      problem("audiofile", "Pick an audio file that is in your media library", "notFound"),
    );
    expect(run("DROPCOWBOY", "sendRvm", { brandId: "b1" }, { audios })).toEqual(problem("audiofile", "Pick an audio file"));
  });
});

describe("live-event actions", () => {
  it.each(LIVE_EVENT_KINDS)("%s: changesubject needs subject", (kind) => {
    expect(run(kind, "changesubject", { subject: "Replay: Scaling Webinars" })).toEqual(ok);
    expect(run(kind, "changesubject", {})).toEqual(problem("subject", "Enter the new subject"));
  });

  it("cta needs headline and subheadline", () => {
    const model = { headline: "Join the program", subheadline: "Doors close tonight" };
    expect(run("AEVENT", "cta", model)).toEqual(ok);
    expect(run("AEVENT", "cta", { ...model, headline: "" })).toEqual(problem("headline", "Enter the headline"));
    expect(run("ZOOM", "cta", { headline: "Join" })).toEqual(problem("subheadline", "Enter the subheadline"));
  });

  it("livechat needs message", () => {
    expect(run("YOUTUBE", "livechat", { message: "Welcome!" })).toEqual(ok);
    expect(run("ZOOMAUTOCHAT", "livechat", { from: "Host" })).toEqual(
      problem("message", "Enter the chat message"),
    );
  });

  it("encore and deleteSystemWide need nothing more; addEvent needs the timeline to register for", () => {
    for (const action of ["encore", "deleteSystemWide"]) {
      expect(run("GOTOWEBINAR", action, {})).toEqual(ok);
    }
    expect(run("AEVENT", "addEvent", { timelineID: "5b0c4f0e-8d1a-4c1e-9f3a-2b7d6e5a4c3b" })).toEqual(ok);
    expect(run("AEVENT", "addEvent", {})).toMatchObject({ ok: false, field: "timelineID" });
  });
});

describe("webhook automation", () => {
  it.each(["ZAPIER", "WEBHOOK"])("%s send-webhook needs a valid http(s) webhook", (kind) => {
    expect(run(kind, "sendWebhook", { webhook: "https://hooks.zapier.com/hooks/catch/1/abc" })).toEqual(ok);
    expect(run(kind, "sendWebhook", {})).toEqual(problem("webhook", "Enter the webhook address"));
    expect(run(kind, "sendWebhook", { webhook: "hooks.zapier.com/x" })).toEqual(
      problem("webhook", "Webhook address must begin with http:// or https://.", "invalid"),
    );
  });

  it.each(["http://127.0.0.1:8080/hook", "http://localhost:3000/", "http://[::1]/", "http://2130706433/", "http://10.0.0.7/"])(
    "refuses %s with the real reason, and takes it when the operator allows private targets",
    (webhook) => {
      expect(run("WEBHOOK", "sendWebhook", { webhook })).toEqual(
        problem("webhook", "Webhook address points to a private or local network address, which Cuepoint does not connect to.", "invalid"),
      );
      expect(checkActionFields({ kind: "WEBHOOK", action: "sendWebhook", model: { webhook }, allowPrivateTargets: true })).toEqual(ok);
    },
  );
});

describe("email marketing addTag", () => {
  const tags = [{ id: "t1", name: "webinar-lead" }];
  it("needs a tag name found in the account's tags, compared lower-cased", () => {
    const model = { listName: "l1", tagName: "Webinar-Lead" };
    expect(run("MAILCHIMP", "addTag", model, { lists: { tags } })).toEqual(ok);
    expect(run("MAILCHIMP", "addTag", { ...model, tagName: "buyer" }, { lists: { tags } })).toEqual(
      problem("tagName", "Pick a tag that exists in this Mailchimp account", "notFound"),
    );
  });

  it("also finds the tag name among the list's tags", () => {
    const model = { listName: "l1", tagName: "replay-watcher" };
    const listTags = [{ id: "replay-watcher" }];
    expect(run("AWEBER", "addTag", model, { lists: { tags }, listTags })).toEqual(ok);
    expect(run("AWEBER", "addTag", model, { lists: { tags } })).toMatchObject({ ok: false, field: "tagName" });
  });

  it("accepts any tag name when no tags are cached, but not an empty one", () => {
    expect(run("CONVERTKIT", "addTag", { tagName: "new" })).toEqual(ok);
    expect(run("GETRESPONSE", "addTag", { tagName: " " })).toEqual(problem("tagName", "Pick a tag"));
  });
});

describe("push notification and spreadsheet", () => {
  it("notification needs a template id", () => {
    const lists = { templates: [{ id: "tpl-1", name: "Starting" }] };
    expect(run("ONESIGNAL", "sendNotification", { template: "tpl-1" }, { lists })).toEqual(ok);
    expect(run("ONESIGNAL", "sendNotification", {})).toEqual(problem("template", "Pick a template"));
    expect(run("ONESIGNAL", "sendNotification", { template: "Starting" }, { lists })).toEqual(
      problem("template", "Pick a template that exists in this OneSignal account", "notFound"),
    );
  });

  it("spreadsheet needs spreadsheet and worksheet", () => {
    expect(run("GOOGLESHEETS", "addRow", { spreadsheet: "sheet-1", worksheet: "Registrants" })).toEqual(ok);
    expect(run("GOOGLESHEETS", "addRow", { worksheet: "Registrants" })).toEqual(
      problem("spreadsheet", "Pick a spreadsheet"),
    );
    expect(run("googlesheets", "addRow", { spreadsheet: "sheet-1" })).toEqual(
      problem("worksheet", "Pick a worksheet"),
    );
  });
});

describe("unknown kinds and actions; all problems", () => {
  it("refuses an unknown integration or an action it does not offer", () => {
    expect(run("FAXMACHINE", "sendsms", {})).toMatchObject({
      ok: false,
      field: "integrationType",
      reason: "unsupported",
    });
    expect(run("TWILIO", "addTag", {})).toEqual(problem("action", "Pick an action that Twilio offers", "unsupported"));
  });

  it("lists every problem in form order", () => {
    expect(listActionFieldProblems({ kind: "AEVENT", action: "cta", model: {} })).toEqual([
      { field: "headline", message: "Enter the headline", reason: "missing" },
      { field: "subheadline", message: "Enter the subheadline", reason: "missing" },
    ]);
    const model = { headline: "a", subheadline: "b" };
    expect(listActionFieldProblems({ kind: "AEVENT", action: "cta", model })).toEqual([]);
  });
});
