import type { Db } from '../../platform/db/client';
import { defineFeature } from '../../platform/feature';
import { createFeedbackRepo } from './feedback.repo';
import { feedbackRoutes } from './feedback.routes';
import { createFeedbackService, type FeedbackSubjects } from './feedback.service';

/** The feedback dialog (§2) of every product: stored per result and owner. */
export function createFeedbackFeature(deps: {
  db: Db;
  /** Per product: whether a subject is the caller's result that feedback may be given on. */
  subjects: FeedbackSubjects;
}) {
  const service = createFeedbackService({ repo: createFeedbackRepo(deps.db), subjects: deps.subjects });
  return defineFeature({ service, routes: [feedbackRoutes(service)] });
}
