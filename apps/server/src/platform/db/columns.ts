import { timestamp } from 'drizzle-orm/pg-core';

/** A point in time, stored with its zone (every table's timestamps). */
export const at = (name: string) => timestamp(name, { withTimezone: true });
