import { defineConfig } from "drizzle-kit";

// `pnpm --filter @cuepoint/server db:generate` writes a new versioned SQL migration into
// drizzle/ after a change to src/db/schema/. The same files migrate PGlite and PostgreSQL.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/index.ts",
  out: "./drizzle",
});
