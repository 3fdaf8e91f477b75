import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

// The other half of the drift check (migrations.node.test.ts proves schema.ts equals drizzle-kit's latest
// snapshot): the snapshot equals the database that worker/migrations really build, here on miniflare's D1.
// It matters most for 0000–0004, written by hand before drizzle-kit, whose snapshot was made from schema.ts.

const latest = env.TEST_SCHEMA_SNAPSHOT;

/** SQL text without quoting, `"table".` qualifiers, case and spacing, so hand-written and generated SQL compare. */
const norm = (sql: string, table = "") =>
  sql
    .replaceAll(`"${table}".`, "")
    .replace(/[`"]/g, "")
    .replace(/\s+/g, " ")
    .replace(/\( /g, "(")
    .replace(/ \)/g, ")")
    .replace(/check\s*\(/gi, "check (")
    .trim()
    .toLowerCase();
/**
 * A default as SQLite reports it: `(expr)` without the parentheses, booleans as 0/1 (drizzle-kit writes
 * `DEFAULT false`, which SQLite reports as written).
 */
const normDefault = (value: unknown) => {
  if (value === undefined || value === null) return null;
  const text = String(value).replace(/^\((.*)\)$/, "$1");
  return ({ false: "0", true: "1" } as Record<string, string>)[text.toLowerCase()] ?? text;
};

async function all<T>(sql: string) {
  return (await env.DB.prepare(sql).all<T>()).results;
}

async function describeDb(table: string) {
  const [{ sql } = { sql: "" }] = await all<{ sql: string }>(
    `SELECT sql FROM sqlite_master WHERE type = 'table' AND name = '${table}'`,
  );
  const columns = await all<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>(
    `PRAGMA table_info(${table})`,
  );
  const indexes = await all<{ name: string; unique: number; origin: string }>(`PRAGMA index_list(${table})`);
  const indexColumns = async (name: string) =>
    (await all<{ name: string | null; desc: number; key: number; seqno: number }>(`PRAGMA index_xinfo(${name})`))
      .filter((c) => c.key)
      .sort((a, b) => a.seqno - b.seqno)
      .map((c) => `${c.name}${c.desc ? " desc" : ""}`);
  const indexSql = async (name: string) =>
    (await all<{ sql: string | null }>(`SELECT sql FROM sqlite_master WHERE type = 'index' AND name = '${name}'`))[0]
      ?.sql ?? "";
  return {
    sql: norm(sql),
    columns: columns.map((c) => ({
      name: c.name,
      type: c.type.toLowerCase(),
      notNull: c.notnull === 1 || c.pk > 0,
      default: normDefault(c.dflt_value),
      nocase: new RegExp(`(^|[\\s(,])${c.name}\\s+\\w+[^,]*?collate nocase`).test(norm(sql)),
    })),
    primaryKey: columns
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name),
    autoincrement: /autoincrement/i.test(sql),
    indexes: await Promise.all(
      indexes
        .filter((i) => i.origin !== "pk")
        .map(async (i) => {
          const where = norm(await indexSql(i.name)).split(" where ")[1] ?? null;
          return {
            unique: i.unique === 1,
            columns: await indexColumns(i.name),
            where,
            name: i.origin === "c" ? i.name : "(inline)",
          };
        }),
    ),
    foreignKeys: (
      await all<{ table: string; from: string; to: string; on_delete: string }>(`PRAGMA foreign_key_list(${table})`)
    ).map((f) => ({ tableTo: f.table, from: f.from, to: f.to, onDelete: f.on_delete.toLowerCase() })),
  };
}

describe("the migrated database", () => {
  const tables = Object.keys(latest.tables).sort();

  it("has exactly the tables of drizzle-kit's latest snapshot", async () => {
    const actual = await all<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY name",
    );
    // Virtual tables (the FTS5 index of 0007) and their shadow tables are hand-written SQL drizzle-kit can't
    // describe; search/search.test.ts uses it.
    const virtual = (
      await all<{ name: string }>("SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%'")
    ).map((t) => t.name);
    const ours = (name: string) => !virtual.some((v) => name === v || name.startsWith(`${v}_`));
    expect(actual.map((t) => t.name).filter(ours)).toEqual(tables);
  });

  it.each(tables)("%s has the snapshot's columns, keys, indexes and checks", async (name) => {
    const want = latest.tables[name];
    if (!want) throw new Error(`no table ${name} in the snapshot`);
    const db = await describeDb(name);
    const wantColumns = Object.values(want.columns);
    const wantPk =
      Object.values(want.compositePrimaryKeys)[0]?.columns ??
      wantColumns.filter((c) => c.primaryKey).map((c) => c.name);

    // By name: columns added later (ALTER TABLE) come last in the table, wherever schema.ts lists them.
    const byColumn = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(db.columns.sort(byColumn)).toEqual(
      wantColumns
        .map((c) => ({
          name: c.name,
          type: c.type.replace(/ collate nocase$/i, "").toLowerCase(),
          notNull: c.notNull,
          default: normDefault(c.default),
          nocase: / collate nocase$/i.test(c.type),
        }))
        .sort(byColumn),
    );
    expect(db.primaryKey).toEqual(wantPk);
    expect(db.autoincrement).toBe(wantColumns.some((c) => c.autoincrement));
    // A column's `.unique()` is an index named <table>_<column>_unique to drizzle-kit; 0001 made it inline.
    const inline = (i: { name: string; columns: string[] }) => i.name === `${name}_${i.columns.join("_")}_unique`;
    const wantIndexes = Object.values(want.indexes).map((i) => ({
      unique: i.isUnique,
      columns: i.columns.map((c) => norm(c)),
      where: i.where ? norm(i.where, name) : null,
      name: inline(i) ? "(inline)" : i.name,
    }));
    const byName = (a: { name: string; columns: string[] }, b: { name: string; columns: string[] }) =>
      `${a.name}${a.columns}`.localeCompare(`${b.name}${b.columns}`);
    expect(db.indexes.sort(byName)).toEqual(wantIndexes.sort(byName));
    expect(db.foreignKeys).toEqual(
      expect.arrayContaining(
        Object.values(want.foreignKeys).map((f) => ({
          tableTo: f.tableTo,
          from: f.columnsFrom[0],
          to: f.columnsTo[0],
          onDelete: f.onDelete,
        })),
      ),
    );
    expect(db.foreignKeys).toHaveLength(Object.keys(want.foreignKeys).length);
    const checks = Object.values(want.checkConstraints).map((c) => norm(c.value, name));
    for (const check of checks) expect(db.sql, `CHECK (${check})`).toContain(`check (${check})`);
    expect(db.sql.split("check (").length - 1).toBe(checks.length);
  });
});
