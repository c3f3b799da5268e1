import { describe, expect, it } from "vitest";
import { leadsToCsv } from "./leadsCsv.js";

describe("leadsToCsv", () => {
  it("writes a header and one row per lead, custom fields as columns", () => {
    const csv = leadsToCsv([
      { uuid: "r_1", name: "Ann", email: "ann@example.com", banned: false, customFields: { company: "Acme" } },
      { uuid: "r_2", name: "Bo", banned: true, customFields: {} },
    ]);
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("uuid,name,email,phone,webinarTimeline,eventID,banned,created_at,company");
    expect(lines[1]).toBe("r_1,Ann,ann@example.com,,,,false,,Acme");
    expect(lines[2]).toBe("r_2,Bo,,,,,true,,");
  });

  it("quotes commas and quotes and defuses formulas", () => {
    const csv = leadsToCsv([{ uuid: "r_1", name: 'Smith, "Jo"', phone: "=1+1", banned: false, customFields: {} }]);
    expect(csv.split("\r\n")[1]).toBe(`r_1,"Smith, ""Jo""",,'=1+1,,,false,`);
  });
});
