import { sql } from "drizzle-orm";
import * as v from "valibot";
import { defineRoute } from "./route.js";

const health = defineRoute({
  method: "GET",
  path: "/health",
  operationId: "health",
  tag: "Server",
  summary: "Is the server up, and on which database",
  description: "Runs `select 1`: 503 with `ok: false` when the database does not answer.",
  access: "public",
  answer: { description: "Up.", schema: v.object({ ok: v.boolean(), db: v.picklist(["pglite", "postgres"]) }) },
  async handle({ deps, c }) {
    try {
      await deps.db.orm.execute(sql`select 1`);
      return { ok: true, db: deps.db.kind };
    } catch (error) {
      console.error("Health check: the database did not answer:", error);
      return c.json({ ok: false, db: deps.db.kind }, 503);
    }
  },
});

export const healthRoutes = [health];
