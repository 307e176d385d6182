import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';
import { files } from '../storage/files/files.schema';
import { at } from '../../platform/db/columns';

const owner = () =>
  bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * A paid pack the account may spend once (Basic 50 / Pro 100 results). Written in the same
 * transaction that marks its order paid; spent by locking the row, so two racing submits cannot
 * both take it. `orderId` is unique: a replayed fulfilment grants nothing twice.
 */
export const headshotEntitlements = pgTable(
  'headshot_entitlements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: owner(),
    /** The billing order that bought it (no foreign key: billing owns orders). */
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    plan: text('plan').notNull(),
    results: integer('results').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    spentAt: at('spent_at'),
    /** The pack that spent it, or 'refund'. */
    spentBy: text('spent_by'),
  },
  (t) => [
    uniqueIndex('headshot_entitlements_order_uq').on(t.orderId),
    index('headshot_entitlements_user_idx').on(t.userId, t.plan),
    check('headshot_entitlements_plan_ck', sql`${t.plan} in ('basic','pro')`),
  ],
);

/** An uploaded photo and its check. On the upload page while `packId` is null. */
export const headshotPhotos = pgTable(
  'headshot_photos',
  {
    id: text('id').primaryKey(),
    userId: owner(),
    /** The stored upload (the storage feature's row); null once the file is gone. */
    fileId: bigint('file_id', { mode: 'number' }).references(() => files.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull().default('checking'),
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    data: jsonb('data').$type<Record<string, string | number>>().notNull().default({}),
    face: jsonb('face').$type<{
      x: number;
      y: number;
      width: number;
      height: number;
      score: number;
    } | null>(),
    width: integer('width'),
    height: integer('height'),
    format: text('format'),
    /**
     * What the pipeline's check said an approved photo gives (decision 165): its distinct results
     * (framings × light set-ups), summed over a pack's photos before payment, and its fingerprint,
     * which later checks of the same person's photos compare against (a copy is DUPLICATE_PHOTO).
     * Null for photos checked before these were kept.
     */
    capacity: integer('capacity'),
    fingerprint: text('fingerprint'),
    packId: text('pack_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    checkedAt: at('checked_at'),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    index('headshot_photos_user_idx').on(t.userId, t.packId),
    index('headshot_photos_expires_idx').on(t.expiresAt),
    // One photo row per stored upload: deleting a pack removes its photos' bytes.
    uniqueIndex('headshot_photos_file_uq').on(t.fileId),
    check('headshot_photos_status_ck', sql`${t.status} in ('checking','approved','declined')`),
  ],
);

/** A pack: one generation task of the shared queue (§4 states). */
export const headshotPackTasks = pgTable(
  'headshot_pack_tasks',
  {
    id: text('id').primaryKey(),
    userId: owner(),
    kind: text('kind').notNull().default('paid'),
    plan: text('plan').notNull(),
    styles: jsonb('styles').$type<string[]>().notNull(),
    gender: text('gender').notNull(),
    /** The photos it is made from (a paid pack also owns them: their packId is this pack). */
    photoIds: jsonb('photo_ids').$type<string[]>().notNull(),
    count: integer('count').notNull(),
    /** Watermark the results (free trials and previews). */
    watermark: integer('watermark').notNull().default(0),
    status: text('status').notNull().default('generating'),
    /** §4 task status: 1 waiting, 2 running, 3 done, 4 failed. */
    taskStatus: integer('task_status').notNull().default(1),
    stage: text('stage'),
    progress: doublePrecision('progress').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    error: text('error'),
    /** Machine detail of the last failure, for support (never shown). */
    errorCode: text('error_code'),
    retries: integer('retries').notNull().default(0),
    entitlementId: bigint('entitlement_id', { mode: 'number' }),
    jobId: text('job_id'),
    /**
     * The run's lease (decision 130): the worker making the pack (host/pid/random) and until when
     * it holds it. The worker renews it while it runs; a lapsed lease means its process died, and
     * the pack goes back to the queue (or fails with a retry offer after `lapses` such losses).
     */
    leaseOwner: text('lease_owner'),
    leaseUntil: at('lease_until'),
    lapses: integer('lapses').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    expiresAt: at('expires_at'),
    mailedAt: at('mailed_at'),
  },
  (t) => [
    index('headshot_pack_tasks_user_idx').on(t.userId, t.createdAt),
    index('headshot_pack_tasks_expires_idx').on(t.expiresAt),
    uniqueIndex('headshot_pack_tasks_entitlement_uq').on(t.entitlementId),
    check('headshot_pack_tasks_status_ck', sql`${t.status} in ('generating','success','failure')`),
    check('headshot_pack_tasks_kind_ck', sql`${t.kind} in ('paid','trial','preview')`),
  ],
);

/** One delivered headshot; its bytes are internal files of the storage feature. */
export const headshotResults = pgTable(
  'headshot_results',
  {
    id: text('id').primaryKey(),
    packId: text('pack_id')
      .notNull()
      .references(() => headshotPackTasks.id, { onDelete: 'cascade' }),
    userId: owner(),
    index: integer('index').notNull(),
    fileId: bigint('file_id', { mode: 'number' }).references(() => files.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull(),
    thumbFileId: bigint('thumb_file_id', { mode: 'number' }).references(() => files.id, {
      onDelete: 'set null',
    }),
    thumbKey: text('thumb_key').notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    style: text('style').notNull(),
    backdrop: text('backdrop').notNull(),
    framing: text('framing').notNull(),
    grade: text('grade').notNull(),
    likeness: doublePrecision('likeness').notNull(),
  },
  (t) => [uniqueIndex('headshot_results_pack_idx').on(t.packId, t.index)],
);

/** A public link to a pack; revoked links stay so their page can say so. */
export const headshotShares = pgTable(
  'headshot_shares',
  {
    id: text('id').primaryKey(),
    packId: text('pack_id')
      .notNull()
      .references(() => headshotPackTasks.id, { onDelete: 'cascade' }),
    userId: owner(),
    createdAt: at('created_at').notNull().defaultNow(),
    revokedAt: at('revoked_at'),
  },
  (t) => [index('headshot_shares_pack_idx').on(t.packId)],
);
