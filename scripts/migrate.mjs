// Applies the D1 migrations where wrangler's flags say, e.g. `node scripts/migrate.mjs --remote --env production`:
// first the renames of migrations applied under old names (lib/migration-names.mjs), then the new ones.
import { applyMigrations } from "./lib/setup.mjs";

applyMigrations(process.argv.slice(2));
