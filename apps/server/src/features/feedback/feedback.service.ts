import {
  Code,
  FeedbackMsg,
  type FeedbackBody,
  type FeedbackData,
  type FeedbackKind,
  type FeedbackOption,
} from '@ai-covers/contracts';
import type { Owner } from '../../platform/auth/identity';
import { AppError } from '../../platform/http/app-error';
import { formatDate } from '../../platform/format/format-date';
import type { FeedbackRepo } from './feedback.repo';
import type { FeedbackRow } from './feedback.schema';

/** Whether `owner` has a finished result `subjectId` of this kind to give feedback on. */
export type FeedbackSubjectLookup = (owner: Owner, subjectId: string) => Promise<boolean>;
/** Per product: how to tell that a subject is the caller's result (products without one take none). */
export type FeedbackSubjects = Partial<Record<FeedbackKind, FeedbackSubjectLookup>>;

const toData = (row: FeedbackRow): FeedbackData => ({
  kind: row.kind as FeedbackKind,
  subject_id: row.subjectId,
  rating: row.rating,
  options: row.options as FeedbackOption[],
  suggestion: row.suggestion,
  updated_at: formatDate(row.updatedAt),
});

/**
 * Feedback on results of any product. Each product says how to tell that a subject is the
 * caller's finished result; feedback on anything else is refused as 'no task' (490618).
 */
export function createFeedbackService(deps: { repo: FeedbackRepo; subjects: FeedbackSubjects }) {
  // A map, so that a kind named like an object's own property never finds anything.
  const subjects = new Map<string, FeedbackSubjectLookup>(Object.entries(deps.subjects));
  const noSubject = () => new AppError(Code.noTask, FeedbackMsg.noSubject, 404);

  async function assertSubject(owner: Owner, kind: string, subjectId: string) {
    const lookup = subjects.get(kind);
    if (!lookup || !(await lookup(owner, subjectId))) throw noSubject();
  }

  return {
    /** Stores the caller's feedback on one of their results (sending again replaces it). */
    async submit(owner: Owner, body: FeedbackBody): Promise<FeedbackData> {
      await assertSubject(owner, body.kind, body.subject_id);
      const row = await deps.repo.upsert(owner, {
        kind: body.kind,
        subjectId: body.subject_id,
        rating: body.rating,
        options: body.options,
        suggestion: body.suggestion,
      });
      return toData(row);
    },

    /** The caller's feedback on a subject, or null. */
    async find(owner: Owner, kind: string, subjectId: string): Promise<FeedbackData | null> {
      const row = await deps.repo.find(owner, kind, subjectId);
      return row ? toData(row) : null;
    },
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
