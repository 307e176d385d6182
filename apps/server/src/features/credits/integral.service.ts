import { CREDIT_RULES, TOOL_KINDS, type IntegralInfo, type ToolKind } from '@ai-covers/contracts';
import { badRequest, conflict } from '../../platform/http/app-error';
import type { LegacyPointsRow } from './credits.repo';
import type { CreditsService } from './credits.service';
import { formatDateOrNull } from '../../platform/format/format-date';

/** What an account's old-system points (integral) look like now. */
export function summarisePoints(rows: LegacyPointsRow[], at: Date, upgraded: boolean): IntegralInfo {
  const live = rows.filter((r) => r.expiresAt > at);
  const integral = live.reduce((a, r) => a + r.points, 0);
  const nextExpiry = live.map((r) => r.expiresAt.getTime()).sort((a, b) => a - b)[0];
  const lastExpiry = rows.map((r) => r.expiresAt.getTime()).sort((a, b) => b - a)[0];
  return {
    // Accounts without old points have nothing to convert: they count as upgraded (status 1).
    status: upgraded || rows.length === 0 ? 1 : 0,
    need_upgrade: !upgraded && integral > 0 ? 1 : 0,
    integral: upgraded ? 0 : integral,
    integral_all: rows.reduce((a, r) => a + r.points, 0),
    integral_expired_time: formatDateOrNull(
      nextExpiry ? new Date(nextExpiry) : lastExpiry ? new Date(lastExpiry) : null,
    ),
    integral_is_expired: rows.length > 0 && integral === 0 ? 1 : 0,
    bonus: CREDIT_RULES.conversionBonus,
  };
}

/**
 * The integral upgrade of §4/§9: old points become credit lots that keep their validity, plus the
 * 200-credit bonus, once per account (the upgrade row's primary key makes it idempotent).
 */
export function createIntegralService(deps: { credits: CreditsService }) {
  const { credits } = deps;
  const now = credits.now;
  return {
    async info(userId: number): Promise<IntegralInfo> {
      return credits.inUserTx(userId, async (ops) =>
        summarisePoints(await ops.listLegacyPoints(userId), now(), Boolean(await ops.findUpgrade(userId))),
      );
    },

    /** Points info of one tool (`GET /v1/integral/product`). */
    async product(userId: number, kind: ToolKind) {
      return credits.inUserTx(userId, async (ops) => {
        const rows = await ops.listLegacyPoints(userId);
        const upgraded = Boolean(await ops.findUpgrade(userId));
        const at = now();
        const points = upgraded
          ? 0
          : rows.filter((r) => r.kind === kind && r.expiresAt > at).reduce((a, r) => a + r.points, 0);
        return { ...summarisePoints(rows, at, upgraded), kind, points };
      });
    },

    /** Confirms the upgrade; a second confirmation changes nothing and answers the same state. */
    async upgrade(userId: number) {
      return credits.inUserTx(userId, async (ops) => {
        const at = now();
        const rows = await ops.listLegacyPoints(userId);
        if (rows.length === 0) throw conflict('There are no points from the previous version to upgrade');
        const live = rows.filter((r) => r.expiresAt > at);
        const converted = live.reduce((a, r) => a + r.points, 0);
        const first = await ops.insertUpgrade(userId, converted, CREDIT_RULES.conversionBonus);
        if (first) {
          for (const row of live) {
            await credits.grantIn(
              ops,
              userId,
              {
                source: 'conversion',
                sourceRef: `integral:${row.id}`,
                amount: row.points,
                expiresAt: row.expiresAt,
                details: row.kind,
              },
              at,
            );
          }
          await credits.grantIn(
            ops,
            userId,
            {
              source: 'bonus',
              sourceRef: 'integral',
              amount: CREDIT_RULES.conversionBonus,
              details: 'integral',
            },
            at,
          );
        }
        const upgrade = await ops.findUpgrade(userId);
        return {
          ...summarisePoints(rows, at, true),
          converted: first ? converted : (upgrade?.converted ?? 0),
          balance: await ops.balance(userId, at),
        };
      });
    },

    /** Imports an account's old-system points (operators' migration from the previous version). */
    async importPoints(
      userId: number,
      rows: { kind: ToolKind; points: number; expiresAt: Date; free?: boolean }[],
    ) {
      for (const r of rows) {
        if (!TOOL_KINDS.includes(r.kind)) throw badRequest(`kind: unknown tool ${r.kind}`);
        if (!Number.isSafeInteger(r.points) || r.points <= 0)
          throw badRequest('points: must be a positive whole number');
      }
      await credits.inUserTx(userId, (ops) =>
        ops.insertLegacyPoints(
          rows.map((r) => ({
            userId,
            kind: r.kind,
            points: r.points,
            expiresAt: r.expiresAt,
            free: r.free ?? false,
          })),
        ),
      );
    },
  };
}
export type IntegralService = ReturnType<typeof createIntegralService>;
