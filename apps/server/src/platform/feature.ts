import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Queue } from './queue/queue';

/**
 * What every feature's `createXFeature` returns beside its services: the route plugins the API
 * process registers, the queue handlers a worker starts, and what to release at close. The
 * composition roots (app.ts, worker.ts) only build features in order and hand these over.
 */
export interface Feature {
  // Plugins built with different type providers differ only in their generics.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  routes?: FastifyPluginAsync<any>[];
  /** Registers queue handlers and schedules; returns what stops long jobs at shutdown. */
  startJobs?: (queue: Queue, log: FastifyBaseLogger) => Promise<{ stop?: () => void } | void>;
  close?: () => Promise<void>;
}

/** Checks a feature's parts against {@link Feature} and keeps its own services' types. */
export function defineFeature<T extends Feature>(feature: T): T {
  return feature;
}
