#!/usr/bin/env node
// Starts the product for the browser journeys on a fresh data directory, so runs never share state.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ai-covers-e2e-'));
// `npm test` names the migrated database its unit tests just made: starting from a copy spares the
// embedded database's creation and migrations (any later migration still runs at start).
const template = process.env.E2E_DB_TEMPLATE;
if (template && existsSync(template)) cpSync(template, path.join(dataDir, 'db'), { recursive: true });
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
