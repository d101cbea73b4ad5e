import type { FastifyBaseLogger } from 'fastify';
import type { PropertyBusinesses } from './auth/businesses';
import type { DeviceCredentials } from './auth/device-credential-cache';
import type { PasswordKey } from './auth/rsa-key';
import type { Sessions } from './auth/sessions';
import type { Config } from './config';
import type { Db, Dialect } from './db/connect';
import type { Extensions } from './extension-points';
import type { RateLimiter } from './http/rate-limit';
import type { JobQueue } from './jobs/runner';
import type { Outbox } from './outbox/outbox';
import type { EventBus } from './realtime/bus';
import type { BlobCatalogue } from './storage/catalogue';

/** What handlers are built from: one instance per app (architecture §3 platform). */
export interface Services {
  config: Config;
  db: Db;
  dialect: Dialect;
  log: FastifyBaseLogger;
  now: () => number;
  sessions: Sessions;
  /** Each property's enabled businesses, cached for the device API, changes across instances (auth/businesses.ts). */
  businesses: PropertyBusinesses;
  /** Device credentials, cached, with revocation across instances (platform/auth/device-credential-cache.ts). */
  deviceCredentials: DeviceCredentials;
  passwordKey: PasswordKey;
  limiter: RateLimiter;
  outbox: Outbox;
  /** The durable job queue (platform/jobs). */
  jobs: JobQueue;
  bus: EventBus;
  /** Stored files: the BlobStore (`blobs.store`) and its metadata (platform/storage). */
  blobs: BlobCatalogue;
  /** Signs WebSocket tickets (platform/realtime/ticket.ts). */
  ticketSecret: Buffer;
  /** What modules contribute to each other's extension points, collected before anything runs (extension-points.ts). */
  extensions: Extensions;
}
