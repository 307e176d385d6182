#!/usr/bin/env node
// Prints conversions per plan of one A/B test from a running server's GET /v1/ab-test/report.
//   AB_REPORT_TOKEN=… npm run ab-report -- banner_test [--event banner_click] [--days 30] [--url http://localhost:8080]
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    event: { type: 'string' },
    days: { type: 'string' },
    project: { type: 'string' },
    url: {
      type: 'string',
      default: process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 8080}`,
    },
  },
});
const testCode = positionals[0];
const token = process.env.AB_REPORT_TOKEN;
if (!testCode || !token) {
  console.error(
    'usage: AB_REPORT_TOKEN=<token> npm run ab-report -- <test_code> [--event e] [--days n] [--url u]',
  );
  process.exit(2);
}
const query = new URLSearchParams({ test_code: testCode });
for (const key of ['event', 'days', 'project']) if (values[key]) query.set(key, values[key]);
const response = await fetch(new URL(`/v1/ab-test/report?${query}`, values.url), {
  headers: { 'x-report-token': token },
});
const body = await response.json().catch(() => null);
if (!body || body.code !== 0) {
  console.error(`report failed (HTTP ${response.status}): ${body?.msg ?? 'no answer'}`);
  process.exit(1);
}
const { data } = body;
console.log(`${data.test_code} · conversion event "${data.event}" · project ${data.project}`);
console.table(
  data.plans.map((p) => ({
    plan: p.plan,
    visitors: p.visitors,
    converted: p.converted,
    conversions: p.conversions,
    rate: `${(p.rate * 100).toFixed(1)} %`,
  })),
);
