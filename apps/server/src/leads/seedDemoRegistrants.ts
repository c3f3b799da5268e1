import { registrants } from "../db/schema/index.js";
import type { Orm } from "../db/types.js";

const PEOPLE = [
  ["Ava Thompson", "ava.thompson@example.com", "+1 (415) 555-0134", "Northwind Traders"],
  ["Liam Chen", "liam.chen@example.org", "+1 (212) 555-0178", "Contoso"],
  ["Sofia Garcia", "sofia.garcia@example.net", "+34 612 555 019", "Fabrikam"],
  ["Noah Williams", "noah.w@example.com", "", "Tailspin Toys"],
  ["Mia Müller", "mia.mueller@example.de", "+49 30 5550 1234", "Wingtip"],
  ["Lucas Martin", "lucas.martin@example.fr", "+33 6 55 50 12 34", ""],
  ["Emma Johansson", "emma.johansson@example.se", "", "Adventure Works"],
  ["Oliver Brown", "oliver.brown@example.co.uk", "+44 20 5550 0199", "Litware"],
  ["Amara Okafor", "amara.okafor@example.com", "+234 803 555 0101", "Proseware"],
  ["Hiro Tanaka", "hiro.tanaka@example.jp", "+81 3 5550 0123", "Lucerne Publishing"],
  ["Isabella Rossi", "isabella.rossi@example.it", "", "Coho Winery"],
  ["Ethan Davis", "ethan.davis@example.com", "+1 (312) 555-0166", "Blue Yonder"],
] as const;

/**
 * The demo account's leads: a dozen people spread over the given events of one timeline (or
 * imported without an event when there are none), with a company custom field, one of them
 * banned. Idempotent: once the timeline has demo leads a second run adds nothing (other seeds'
 * registrants on the same timeline do not count). Answers how many rows were added.
 *
 * @example
 * await seedDemoRegistrants(orm, user.accountId, timelineId, [eventA, eventB]);
 */
export async function seedDemoRegistrants(
  orm: Orm,
  accountId: string,
  timelineId: string,
  eventIds: readonly string[],
): Promise<number> {
  const existing = await orm.query.registrants.findFirst({
    columns: { uuid: true },
    where: (row, { and, eq }) =>
      and(eq(row.accountId, accountId), eq(row.timelineId, timelineId), eq(row.source, "demo")),
  });
  if (existing) return 0;
  const rows = PEOPLE.map(([name, email, phone, company], index): typeof registrants.$inferInsert => ({
    accountId,
    timelineId,
    eventId: eventIds.length > 0 ? eventIds[index % eventIds.length] ?? null : null,
    name,
    email,
    phone,
    customFields: company ? { company } : {},
    banned: index === PEOPLE.length - 1,
    source: "demo",
  }));
  const added = await orm.insert(registrants).values(rows).onConflictDoNothing().returning({ uuid: registrants.uuid });
  return added.length;
}
