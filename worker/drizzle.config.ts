import { defineConfig } from "drizzle-kit";

// drizzle-kit writes the SQL migrations that wrangler applies (`wrangler d1 migrations apply`): see
// docs/architecture/data.md#database-migrations.
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/db/schema.ts",
  out: "./migrations",
});
