// AI Headshots: upload rules, decline codes and plans, then the HTTP contract.
export * from './headshots-rules';
export * from './headshots-api';
