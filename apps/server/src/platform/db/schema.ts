// Every table of the product, gathered for Drizzle and drizzle-kit. Each feature owns its file.
export * from '../../features/analytics/analytics.schema';
export * from '../../features/ab-test/ab-test.schema';
export * from '../../features/categories/categories.schema';
export * from '../../features/users/users.schema';
export * from '../../features/accounts/accounts.schema';
export * from '../../features/credits/credits.schema';
export * from '../../features/billing/billing.schema';
export * from '../../features/storage/storage.schema';
export * from '../../features/covers/covers.schema';
export * from '../../features/cover-art/cover-art.schema';
export * from '../../features/headshots/headshots.schema';
export * from '../../features/feedback/feedback.schema';
export * from '../../features/voices/voices.schema';
