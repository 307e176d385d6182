// Test support: wallet answers that pass their contracts.
import type { CreditsAccountData } from '@ai-covers/contracts';
import { fixture } from '../../shared/api/api-test-kit';

/** A credits account (`GET /v1/credits/account`): the one free credit, spent; override what a test is about. */
export function makeCreditsAccount(overrides: Partial<CreditsAccountData> = {}): CreditsAccountData {
  return fixture('creditsAccountData', {
    balance: 0,
    total: 1,
    gifted: 0,
    purchased: 0,
    converted: 0,
    previous_version: 0,
    expired: 0,
    next_expiry: null,
    memberships: [],
    ...overrides,
  });
}
