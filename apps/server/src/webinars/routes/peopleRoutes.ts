import { and, asc, eq, sql } from "drizzle-orm";
import * as v from "valibot";
import { AddCoOrganizerRequestSchema, CoOrganizerSchema, EventPersonRequestSchema } from "@cuepoint/sdk";
import { coOrganizers, eventPeople, type EventPersonRow } from "../../db/schema/index.js";
import { notFound } from "../../http/errors.js";
import { isUuid } from "../../http/ids.js";
import { defineRoute, type Route } from "../../http/route.js";
import { ownEvent } from "../../events/access.js";
import { ack, AckAnswer } from "../../http/answers.js";

const PersonSchema = v.object({ id: v.string(), name: v.string(), email: v.string() });
const toPerson = (row: EventPersonRow) => ({ id: row.id, name: row.name, email: row.email });

const ROLES = {
  agents: { role: "agent", noun: "agent", what: "people who answer the event's chat and questions" },
  hosts: { role: "host", noun: "host", what: "people who run the event (whoever scheduled it is one)" },
} as const;

/** `GET`, and the design `POST`/`DELETE`, of `/webinars/{id}/agents` and `/webinars/{id}/hosts`. */
function peopleRoutes(kind: keyof typeof ROLES): Route[] {
  const { role, noun, what } = ROLES[kind];
  const Kind = kind[0]?.toUpperCase() + kind.slice(1);
  const listRoute = defineRoute({
    method: "GET",
    path: `/webinars/:id/${kind}`,
    operationId: `webinars.${kind}`,
    tag: "Webinars",
    summary: `The event's ${kind}: ${what}`,
    description: `In the order they were added. Attach them with \`POST /webinars/{id}/${kind}\`.`,
    access: "webinars:read",
    answer: { description: `The ${kind}.`, schema: v.object({ success: v.array(PersonSchema) }) },
    async handle({ params, caller, deps }) {
      const event = await ownEvent(deps.db.orm, caller.accountId, params.id ?? "");
      const rows = await deps.db.orm
        .select()
        .from(eventPeople)
        .where(and(eq(eventPeople.eventId, event.id), eq(eventPeople.role, role)))
        .orderBy(asc(eventPeople.createdAt), asc(eventPeople.id));
      return { success: rows.map(toPerson) };
    },
  });
  const addRoute = defineRoute({
    method: "POST",
    path: `/webinars/:id/${kind}`,
    operationId: `webinars.add${Kind.slice(0, -1)}`,
    tag: "Webinars",
    summary: `Attach a ${noun} to the event (design: not in the spec)`,
    description: `JSON \`{ name, email }\`. One ${noun} per email per event: adding the same email again renames it.`,
    access: "webinars:write",
    body: EventPersonRequestSchema,
    answer: { description: `The ${noun}.`, schema: v.object({ success: PersonSchema }) },
    async handle({ params, body, caller, deps }) {
      const { orm } = deps.db;
      const event = await ownEvent(orm, caller.accountId, params.id ?? "");
      const values = { accountId: caller.accountId, eventId: event.id, role, name: body.name, email: body.email };
      const [inserted] = await orm.insert(eventPeople).values(values).onConflictDoNothing().returning();
      const [row] = inserted
        ? [inserted]
        : await orm
            .update(eventPeople)
            .set({ name: body.name })
            .where(
              and(
                eq(eventPeople.eventId, event.id),
                eq(eventPeople.role, role),
                sql`lower(${eventPeople.email}) = lower(${body.email})`,
              ),
            )
            .returning();
      if (!row) throw new Error(`The ${noun} was not stored.`);
      return { success: toPerson(row) };
    },
  });
  const removeRoute = defineRoute({
    method: "DELETE",
    path: `/webinars/:id/${kind}/:personId`,
    operationId: `webinars.remove${Kind.slice(0, -1)}`,
    tag: "Webinars",
    summary: `Detach a ${noun} from the event (design: not in the spec)`,
    description: `404 when the event or the ${noun} is not the account's.`,
    access: "webinars:write",
    answer: { description: "Confirmation.", schema: AckAnswer },
    async handle({ params, caller, deps }) {
      const event = await ownEvent(deps.db.orm, caller.accountId, params.id ?? "");
      const personId = params.personId ?? "";
      const [deleted] = isUuid(personId)
        ? await deps.db.orm
            .delete(eventPeople)
            .where(
              and(
                eq(eventPeople.id, personId),
                eq(eventPeople.eventId, event.id),
                eq(eventPeople.role, role),
                eq(eventPeople.accountId, caller.accountId),
              ),
            )
            .returning({ id: eventPeople.id })
        : [];
      if (!deleted) throw notFound(`There is no ${noun} with this id on this event.`);
      return ack(`The ${noun} is removed.`);
    },
  });
  return [listRoute, addRoute, removeRoute];
}

const addCoOrganizer = defineRoute({
  method: "POST",
  path: "/stream/webinar/coorganizer",
  operationId: "webinars.addCoOrganizer",
  tag: "Webinars",
  summary: "Add a co-organizer to an event on the own streaming platform",
  description:
    "`webinarId` is the event (404 if not the account's); `tenantId` is the streaming platform's tenant and is kept " +
    "as sent. One co-organizer per email per event: adding the same email again updates the name and tenant. " +
    "Co-organizers are listed in the event's `organizers` (with `role: co-organizer`).",
  access: "webinars:write",
  body: AddCoOrganizerRequestSchema,
  answer: { description: "The co-organizer.", schema: v.object({ success: CoOrganizerSchema }) },
  async handle({ body, caller, deps }) {
    const { orm } = deps.db;
    const event = await ownEvent(orm, caller.accountId, body.webinarId);
    const tenantId = String(body.tenantId);
    const values = { accountId: caller.accountId, eventId: event.id, tenantId, name: body.name, email: body.email };
    const [inserted] = await orm.insert(coOrganizers).values(values).onConflictDoNothing().returning();
    const [row] = inserted
      ? [inserted]
      : await orm
          .update(coOrganizers)
          .set({ name: body.name, tenantId })
          .where(and(eq(coOrganizers.eventId, event.id), sql`lower(${coOrganizers.email}) = lower(${body.email})`))
          .returning();
    if (!row) throw new Error("The co-organizer was not stored.");
    return { success: { webinarId: row.eventId, tenantId: row.tenantId, name: row.name, email: row.email } };
  },
});

export const webinarPeopleRoutes: Route[] = [...peopleRoutes("agents"), ...peopleRoutes("hosts"), addCoOrganizer];
