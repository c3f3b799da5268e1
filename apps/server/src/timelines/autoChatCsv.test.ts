import { describe, expect, it } from "vitest";
import { parseAfter, readChatCsv } from "./autoChatCsv.js";

const file = (text: string) => new Blob([text], { type: "text/csv" });

describe("parseAfter", () => {
  it("reads seconds, m:ss and h:mm:ss", () => {
    expect([parseAfter("90"), parseAfter("90.9"), parseAfter("1:30"), parseAfter("1:02:03")]).toEqual([90, 90, 90, 3723]);
  });
  it("refuses anything else", () => {
    expect([parseAfter("-5"), parseAfter("1:75"), parseAfter("soon"), parseAfter("")]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe("readChatCsv", () => {
  it("reads a BOM, CRLF, quoted commas and line breaks, and skips blank lines", async () => {
    const rows = await readChatCsv(file('\uFEFFName,Message,After\r\n\r\nAnna,"Hi, all\nwelcome",5\r\n'));
    expect(rows).toEqual([{ line: 4, name: "Anna", message: "Hi, all\nwelcome", seconds: 5 }]);
  });

  it("reads tab-separated files, where commas belong to the message", async () => {
    const rows = await readChatCsv(file("after\tfrom\tmsg\n10\tBen\tYes, and no\n"));
    expect(rows).toEqual([{ line: 2, name: "Ben", message: "Yes, and no", seconds: 10 }]);
  });

  it("reports at most five problems and how many more", async () => {
    const lines = Array.from({ length: 7 }, () => "A,,1").join("\n");
    await expect(readChatCsv(file(`name,message,after\n${lines}`))).rejects.toMatchObject({
      status: 400,
      field: "csv",
      message: expect.stringMatching(/^Line 2: the message is empty\..*Line 6: .* …and 2 more\.$/),
    });
  });

  it("accepts 5,000 messages", async () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `P,M${i},${i}`).join("\n");
    expect(await readChatCsv(file(`name,message,after\n${lines}\n`))).toHaveLength(5000);
  });
});
