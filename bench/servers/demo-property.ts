import type { KeelApp } from './keel-app';

/** The demo property (演示物业) seedDemo made: its number and owner, for a bench's bulk data. A type-only import of the
 * server, so that a bench's parent process can name it without loading the server. */
export const demoProperty = (app: KeelApp) =>
  app.keel.db
    .selectFrom('properties')
    .select(['pno', 'owner_uid'])
    .where('name', '=', '演示物业')
    .executeTakeFirstOrThrow();
