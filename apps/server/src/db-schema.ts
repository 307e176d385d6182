// Every table of the product, gathered here at the app root for drizzle-kit (migrations) and the
// migration check. Each feature owns its file; the platform's database client knows none of them.
export * from './features/analytics/analytics.schema';
export * from './features/ab-test/ab-test.schema';
export * from './features/categories/categories.schema';
export * from './features/users/users.schema';
export * from './features/accounts/accounts.schema';
export * from './features/credits/credits.schema';
export * from './features/billing/billing.schema';
export * from './features/storage/files/files.schema';
export * from './features/covers/covers.schema';
export * from './features/cover-art/cover-art.schema';
export * from './features/headshots/headshots.schema';
export * from './features/feedback/feedback.schema';
export * from './features/voices/voices.schema';
