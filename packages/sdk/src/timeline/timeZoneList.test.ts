import { describe, expect, it } from "vitest";
import { DEFAULT_TIMEZONE } from "../constants.js";
import { TIME_ZONE_LIST, timeZoneChoices, utcOffsetLabel } from "./timeZoneList.js";

const winter = new Date("2026-01-15T12:00:00Z");
const summer = new Date("2026-07-15T12:00:00Z");
const zones = (choices: ReadonlyArray<{ zone: string }>) => choices.map((c) => c.zone);

describe("TIME_ZONE_LIST (spec §9: about 60 entries)", () => {
  it("has about 60 zones, each once, each known to the runtime, with the default among them", () => {
    expect(TIME_ZONE_LIST.length).toBeGreaterThanOrEqual(55);
    expect(TIME_ZONE_LIST.length).toBeLessThanOrEqual(65);
    expect(new Set(TIME_ZONE_LIST.map((z) => z.zone)).size).toBe(TIME_ZONE_LIST.length);
    for (const { zone } of TIME_ZONE_LIST) expect(() => new Intl.DateTimeFormat("en-US", { timeZone: zone }), zone).not.toThrow();
    expect(zones(TIME_ZONE_LIST)).toContain(DEFAULT_TIMEZONE);
  });

  it("runs west to east by standard (January) offset, south of the equator aside", () => {
    const minutes = (zone: string) => {
      const label = utcOffsetLabel(zone, winter);
      const match = /([+−])(\d\d):(\d\d)/.exec(label);
      return match ? (match[1] === "−" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
    };
    // January is summer in the south: compare the northern zones only, whose January offset is standard
    const northern = TIME_ZONE_LIST.filter((z) => !/Santiago|Sao_Paulo|Buenos_Aires|Australia|Auckland|Fiji|Tongatapu|Johannesburg/.test(z.zone));
    const offsets = northern.map((z) => minutes(z.zone));
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });
});

describe("utcOffsetLabel", () => {
  it("writes the offset at the instant, daylight saving included", () => {
    expect(utcOffsetLabel("America/New_York", winter)).toBe("UTC−05:00");
    expect(utcOffsetLabel("America/New_York", summer)).toBe("UTC−04:00");
    expect(utcOffsetLabel("Asia/Kathmandu", winter)).toBe("UTC+05:45");
    expect(utcOffsetLabel("UTC", winter)).toBe("UTC+00:00");
    expect(utcOffsetLabel("Europe/London", winter)).toBe("UTC+00:00");
    expect(utcOffsetLabel("Europe/London", summer)).toBe("UTC+01:00");
    expect(utcOffsetLabel("Mars/Olympus", winter)).toBe("");
  });
});

describe("timeZoneChoices", () => {
  it("labels each zone with its offset and place", () => {
    const choices = timeZoneChoices(DEFAULT_TIMEZONE, winter);
    expect(choices).toHaveLength(TIME_ZONE_LIST.length);
    expect(choices).toContainEqual({ zone: "America/New_York", label: "(UTC−05:00) Eastern Time (US & Canada)" });
    expect(choices).toContainEqual({ zone: "UTC", label: "(UTC+00:00) Coordinated Universal Time" });
  });

  it("keeps a zone saved earlier that the list does not have, first", () => {
    const choices = timeZoneChoices("America/Boise", winter);
    expect(choices[0]).toEqual({ zone: "America/Boise", label: "(UTC−07:00) America/Boise" });
    expect(choices).toHaveLength(TIME_ZONE_LIST.length + 1);
    expect(timeZoneChoices("Mars/Olympus", winter)[0]).toEqual({ zone: "Mars/Olympus", label: "Mars/Olympus" });
  });

  it("finds zones by place, id and offset, and always keeps the current one", () => {
    const found = (query: string) => zones(timeZoneChoices("UTC", winter, query)).filter((zone) => zone !== "UTC");
    expect(zones(timeZoneChoices("UTC", winter, "tokyo"))).toEqual(["UTC", "Asia/Tokyo"]);
    expect(found("tokyo")).toEqual(["Asia/Tokyo"]);
    expect(found("New York")).toEqual(["America/New_York"]);
    expect(found("eastern")).toEqual(["America/New_York"]);
    expect(found("mumbai")).toEqual(["Asia/Kolkata"]);
    expect(found("+05:30")).toEqual(["Asia/Kolkata"]);
    expect(found("utc+5:45")).toEqual(["Asia/Kathmandu"]);
    expect(found("utc-5")).toEqual(["America/New_York", "America/Bogota"]);
    expect(zones(timeZoneChoices("America/Boise", winter, "paris"))).toEqual(["America/Boise", "Europe/Paris"]);
    expect(found("zzz")).toEqual([]);
    expect(timeZoneChoices("UTC", winter, "atlantis")).toEqual([{ zone: "UTC", label: "(UTC+00:00) Coordinated Universal Time" }]);
  });
});
