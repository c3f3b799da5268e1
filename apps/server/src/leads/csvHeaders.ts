/** What a CSV column holds. Any column that is not one of ours becomes a custom field. */
export type ColumnRole =
  | { kind: "email" }
  | { kind: "name" }
  | { kind: "firstName" }
  | { kind: "lastName" }
  | { kind: "phone" }
  /** The id of the timeline's event (session) the row registers for. */
  | { kind: "event" }
  | { kind: "custom"; key: string };

/** Header spellings, compared lower-cased with spaces, dashes, underscores and dots removed. */
const ALIASES: Record<string, ColumnRole["kind"]> = {
  email: "email",
  emailaddress: "email",
  mail: "email",
  name: "name",
  fullname: "name",
  firstname: "firstName",
  first: "firstName",
  givenname: "firstName",
  lastname: "lastName",
  last: "lastName",
  surname: "lastName",
  familyname: "lastName",
  phone: "phone",
  phonenumber: "phone",
  mobile: "phone",
  mobilephone: "phone",
  cell: "phone",
  cellphone: "phone",
  telephone: "phone",
  tel: "phone",
  event: "event",
  eventid: "event",
  session: "event",
  sessionid: "event",
};

const squash = (header: string) => header.toLowerCase().replace(/[\s\-_.]+/g, "");

/**
 * Reads the header row: columns are matched by name, not position (`Email`, `E-mail`,
 * `email_address` are all the email; `First name` + `Last name` make the name). The first column
 * of a kind wins; a second one of the same kind, and every other column, is kept as a custom field
 * under its header as written. Blank headers are dropped.
 *
 * @example
 * readHeader(["E-mail", "Full name", "Company"]);
 * // [{ kind: "email" }, { kind: "name" }, { kind: "custom", key: "Company" }]
 */
export function readHeader(header: readonly string[]): (ColumnRole | null)[] {
  const taken = new Set<string>();
  return header.map((raw) => {
    const label = raw.trim();
    if (label === "") return null;
    const kind = ALIASES[squash(label)];
    if (kind && !taken.has(kind)) {
      taken.add(kind);
      return { kind } as ColumnRole;
    }
    return { kind: "custom", key: label };
  });
}

/** The delimiter of a CSV file, from its header line: comma, semicolon or tab, whichever is most frequent. */
export function sniffDelimiter(firstLine: string): "," | ";" | "\t" {
  const counts = ([",", ";", "\t"] as const).map((d) => [d, firstLine.split(d).length - 1] as const);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ",";
}
