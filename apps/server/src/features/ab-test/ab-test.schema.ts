import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** One sticky plan per (test, user): the first answer is the answer forever. */
export const abAssignments = pgTable(
  'ab_assignments',
  {
    testCode: text('test_code').notNull(),
    userId: text('user_id').notNull(),
    plan: integer('plan').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.testCode, t.userId] })],
);
