import type { D1Migration } from "@cloudflare/vitest-pool-workers";

/** The part of a drizzle-kit (sqlite) snapshot that src/db/schema.test.ts compares with the database. */
type DrizzleSnapshot = {
  tables: Record<
    string,
    {
      columns: Record<
        string,
        { name: string; type: string; primaryKey: boolean; notNull: boolean; autoincrement: boolean; default?: unknown }
      >;
      indexes: Record<string, { name: string; columns: string[]; isUnique: boolean; where?: string }>;
      foreignKeys: Record<string, { tableTo: string; columnsFrom: string[]; columnsTo: string[]; onDelete: string }>;
      compositePrimaryKeys: Record<string, { columns: string[] }>;
      checkConstraints: Record<string, { value: string }>;
    }
  >;
};

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** drizzle-kit's latest snapshot of schema.ts (worker/migrations/meta), see src/db/schema.test.ts. */
      TEST_SCHEMA_SNAPSHOT: DrizzleSnapshot;
    }
  }
}
