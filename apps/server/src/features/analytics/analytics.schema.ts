import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Analytics events received by the beacon endpoint (§7). */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    project: text('project').notNull(),
    event: text('event').notNull(),
    visitorId: text('visitor_id'),
    page: jsonb('page').notNull(),
    props: jsonb('props'),
    clientTime: timestamp('client_time', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_event_idx').on(t.project, t.event, t.receivedAt)],
);
