// Test support: the signed-in account as the server sends it (its §3 user info and its credits
// account), in fixtures that pass their contracts.
import type { CreditsAccountData, UserInfo } from '@ai-covers/contracts';
import { fixture } from './api-test-kit';

/** A complete §3 user for tests, with the given fields overridden. */
export function makeTestUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return fixture('userInfo', {
    ws_id: 1,
    token: 'jwt',
    uid: 'u1',
    email: null,
    vip: 0,
    credit: 0,
    integral: 0,
    integral_free: 0,
    duration: 0,
    duration_free: 0,
    expire_time: 0,
    tt_free: 0,
    itr_free: 0,
    pro: 0,
    free_left: 0,
    free_total: 0,
    verify: 0,
    verify_used: 0,
    verify_level: 0,
    verify_expired_time: 0,
    integral_all: 0,
    integral_expired_time: 0,
    integral_is_expired: 0,
    subscribe: 0,
    subscribeList: [],
    vst_free_left: 0,
    tcm_free_left: 0,
    crc_dl_left: 0,
    restyle_free_left: 0,
    pds_active_now: 0,
    pds_active: 0,
    first_invited: false,
    account_url: null,
    ...overrides,
  });
}

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
