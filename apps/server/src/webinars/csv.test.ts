import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "./csv.js";

describe("csvField", () => {
  it("quotes commas, quotes, line breaks and edge spaces, doubling quotes", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("Doe, Jane")).toBe('"Doe, Jane"');
    expect(csvField('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\r\nlf")).toBe('"cr\r\nlf"');
    expect(csvField(" padded ")).toBe('" padded "');
    expect(csvField(null)).toBe("");
    expect(csvField(12.5)).toBe("12.5");
  });

  it("defuses spreadsheet formulas but keeps phone numbers and negative numbers", () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("+1 (555) 010-0100")).toBe("+1 (555) 010-0100");
    expect(csvField("-3")).toBe("-3");
  });
});

describe("toCsv", () => {
  it("writes the header and rows with CRLF line ends", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["1", "x,y"],
          [null, "z"],
        ],
      ),
    ).toBe('a,b\r\n1,"x,y"\r\n,z\r\n');
    expect(toCsv(["only"], [])).toBe("only\r\n");
  });
});
