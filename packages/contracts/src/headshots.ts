// AI Headshots: limits and plans, upload rules and decline codes, then the HTTP contract.
export * from './headshots-plans';
export * from './headshots-rules';
export * from './headshots-api';
