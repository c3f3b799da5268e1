import { describe, expect, it } from "vitest";
import { readHeader, sniffDelimiter } from "./csvHeaders.js";

describe("readHeader", () => {
  it("matches our columns by name, in any order and spelling", () => {
    expect(readHeader(["Company", " E-Mail ", "first_name", "Last Name", "Phone Number", ""])).toEqual([
      { kind: "custom", key: "Company" },
      { kind: "email" },
      { kind: "firstName" },
      { kind: "lastName" },
      { kind: "phone" },
      null,
    ]);
  });
  it("reads an event column", () => {
    expect(readHeader(["email", "Event ID", "session"])).toEqual([{ kind: "email" }, { kind: "event" }, { kind: "custom", key: "session" }]);
  });
  it("keeps a second column of a kind as a custom field", () => {
    expect(readHeader(["email", "Email"])).toEqual([{ kind: "email" }, { kind: "custom", key: "Email" }]);
  });
});

describe("sniffDelimiter", () => {
  it.each([
    ["email,name", ","],
    ["email;name;phone", ";"],
    ["email\tname", "\t"],
    ["email", ","],
  ])("%j → %j", (line, delimiter) => {
    expect(sniffDelimiter(line)).toBe(delimiter);
  });
});
