import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  creditsAccountData,
  deductData,
  deductQuery,
  envelopeOf,
  integralInfo,
  integralProductData,
  integralUpgradeData,
  kindOptionalQuery,
  kindQuery,
  recordsData,
  recordsQuery,
  verifyData,
  verifyPayData,
  cacheBust,
} from '@ai-covers/contracts';
import { z } from 'zod';
import { reloginRequired, requireUser } from '../../platform/auth/identity';
import type { CreditsService } from './credits.service';
import type { IntegralService } from './integral.service';
import { ok } from '../../platform/http/envelope';

const bearer = [{ bearer: [] }];

/** The wallet's calls of §7 plus the credits page reads. */
export function creditsRoutes(credits: CreditsService, integral: IntegralService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/deduct',
      {
        schema: {
          tags: ['credits'],
          summary: 'Charge one use of a tool for a task (once per task and purpose)',
          description:
            'val = units of the tool (count, or seconds of media); cost from the credit table of §9. 490026 not enough credits; 490027 membership allowance used up; 490618 not your task.',
          security: bearer,
          querystring: deductQuery,
          response: { 200: envelopeOf(deductData) },
        },
      },
      async (request) => {
        const { kind, task_id, val, purpose } = request.query;
        return ok(await credits.deduct(requireUser(request), { kind, taskId: task_id, units: val, purpose }));
      },
    );

    app.get(
      '/v1/verify',
      {
        schema: {
          tags: ['credits'],
          summary: 'What one use of a tool costs and whether the user can pay for it',
          security: bearer,
          querystring: kindQuery,
          response: { 200: envelopeOf(verifyData) },
        },
      },
      async (request) => ok(await credits.verify(requireUser(request), request.query.kind)),
    );

    app.get(
      '/v1/verify/pay',
      {
        schema: {
          tags: ['credits'],
          summary: 'Paid check per tool: a member, or an account that bought credits',
          description: 'Not signed in answers 490010 (re-login).',
          security: bearer,
          querystring: kindOptionalQuery,
          response: { 200: envelopeOf(verifyPayData) },
        },
      },
      async (request) => {
        // §8: the paid check maps "not signed in" to 490010 as well, token or no token.
        const userId = request.identity.userId;
        if (!userId) throw reloginRequired();
        return ok({ kind: request.query.kind ?? null, pay: await credits.paidCheck(userId) });
      },
    );

    app.get(
      '/v1/integral/wsid',
      {
        schema: {
          tags: ['credits'],
          summary: "The account's old-system points and upgrade state (need_upgrade, status)",
          security: bearer,
          querystring: z.object({ ...cacheBust }),
          response: { 200: envelopeOf(integralInfo) },
        },
      },
      async (request) => ok(await integral.info(requireUser(request))),
    );

    app.get(
      '/v1/integral/product',
      {
        schema: {
          tags: ['credits'],
          summary: 'Old-system points of one tool, with the upgrade state',
          security: bearer,
          querystring: kindQuery,
          response: { 200: envelopeOf(integralProductData) },
        },
      },
      async (request) => ok(await integral.product(requireUser(request), request.query.kind)),
    );

    app.post(
      '/v1/integral/upgrade',
      {
        schema: {
          tags: ['credits'],
          summary:
            'Confirm the upgrade: points become credits keeping their validity, plus the bonus (idempotent)',
          security: bearer,
          response: { 200: envelopeOf(integralUpgradeData) },
        },
      },
      async (request) => ok(await integral.upgrade(requireUser(request))),
    );

    app.get(
      '/v1/credits/account',
      {
        schema: {
          tags: ['credits'],
          summary: 'Credits page summary: balance, totals by origin, expired credits, memberships',
          security: bearer,
          querystring: z.object({ ...cacheBust }),
          response: { 200: envelopeOf(creditsAccountData) },
        },
      },
      async (request) => {
        const userId = requireUser(request);
        const [account, memberships] = await Promise.all([
          credits.account(userId),
          credits.memberships(userId),
        ]);
        return ok({ ...account, memberships });
      },
    );

    app.get(
      '/v1/credits/records',
      {
        schema: {
          tags: ['credits'],
          summary: 'Acquisition or consumption records, newest first',
          description:
            'Consumption rows carry subject: what the charge paid for as the feature owning the task names it (a cover: song title and voice; deleted: true once the task is gone); null for tools that name no tasks.',
          security: bearer,
          querystring: recordsQuery,
          response: { 200: envelopeOf(recordsData) },
        },
      },
      async (request) => {
        const { type, page, page_size } = request.query;
        const userId = requireUser(request);
        return ok(
          type === 'acquisition'
            ? await credits.acquisitions(userId, page, page_size)
            : await credits.consumptions(userId, page, page_size),
        );
      },
    );
  };
}
