// PostgreSQL announces every new content generation on the channel the instances listen to
// (generation-feed.ts): a trigger on the generation row sends NOTIFY with its schema and the new
// value (several Folio stores may share a database, one schema each), which
// PostgreSQL delivers when the writing transaction commits, and never when it rolls back. Every
// writer is covered, the CLI's import included, with no change to the code that bumps it.
// SQLite needs none: each process reads the generation from its own WAL reader.
import { PostgresAdapter, sql, type Kysely } from 'kysely'
import { GENERATION_CHANNEL } from '../generation-feed.js'

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  await sql
    .raw(
      `create function folio_announce_generation() returns trigger language plpgsql as $$
      begin
        perform pg_notify('${GENERATION_CHANNEL}', tg_table_schema || ' ' || new.value::text);
        return new;
      end $$`,
    )
    .execute(db)
  await sql`create trigger meta_announce_generation after update of value on meta
    for each row when (new.name = 'content_generation' and new.value is distinct from old.value)
    execute function folio_announce_generation()`.execute(db)
}
