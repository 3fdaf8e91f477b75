// Two migrations once shared the number 0002. Each file now carries its own number, the one drizzle-kit gives
// it (its index in migrations/meta/_journal.json), so the next one drizzle-kit writes cannot collide either.
// wrangler knows applied migrations by file name (table d1_migrations): an install that applied them under
// their old names has those rows renamed first, or wrangler would run them again.

/** Old file name → new file name. */
export const RENAMED_MIGRATIONS = {
  "0001_init.sql": "0000_init.sql",
  "0002_billing.sql": "0001_billing.sql",
};

/**
 * SQL that renames the applied rows, for `wrangler d1 execute`. It creates d1_migrations exactly as wrangler
 * does when it is missing (a fresh database), so it runs before the first `migrations apply` as well.
 */
export function renameAppliedMigrationsSql() {
  const create = `CREATE TABLE IF NOT EXISTS d1_migrations(
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT UNIQUE,
    applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;
  const updates = Object.entries(RENAMED_MIGRATIONS).map(
    ([from, to]) => `UPDATE d1_migrations SET name = '${to}' WHERE name = '${from}';`,
  );
  return [create, ...updates].join("\n");
}
