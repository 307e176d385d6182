import { z } from 'zod';
import { cacheBust } from './api';

// ---- Feedback dialog (§2, §3 Feedback: rating, improvement options, additional suggestions) ----
//
// One dialog for every product: the subject is a covers task or a headshots pack (its `kind`), and
// one feedback is kept per subject and owner (sending again replaces it).

/** Products whose results take feedback. */
export const FEEDBACK_KINDS = ['ai-covers', 'headshots'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

/**
 * The four improvement options of §2 (low quality / blurry, dislike the style, does not look like
 * me, other suggestions); each product words them for its own results.
 */
export const FEEDBACK_OPTIONS = ['quality', 'style', 'likeness', 'other'] as const;
export type FeedbackOption = (typeof FEEDBACK_OPTIONS)[number];

/** Longest suggestion text. */
export const FEEDBACK_SUGGESTION_MAX = 1000;

const kind = z.enum(FEEDBACK_KINDS, { error: `kind must be one of ${FEEDBACK_KINDS.join(', ')}` });
const subjectId = z
  .string({ error: 'subject_id is required' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'subject_id is not an id');

/** `POST /v1/feedback` (JSON). */
export const feedbackBody = z.object({
  kind,
  subject_id: subjectId,
  rating: z
    .number({ error: 'rating must be a whole number from 1 to 5' })
    .int('rating must be a whole number from 1 to 5')
    .min(1, 'rating must be a whole number from 1 to 5')
    .max(5, 'rating must be a whole number from 1 to 5'),
  options: z
    .array(z.enum(FEEDBACK_OPTIONS, { error: `options must be among ${FEEDBACK_OPTIONS.join(', ')}` }))
    .max(FEEDBACK_OPTIONS.length)
    .default([])
    .transform((list) => [...new Set(list)]),
  suggestion: z
    .string({ error: 'suggestion must be text' })
    .trim()
    .max(FEEDBACK_SUGGESTION_MAX, `suggestion is longer than ${FEEDBACK_SUGGESTION_MAX} characters`)
    .default(''),
});
export type FeedbackBody = z.infer<typeof feedbackBody>;

/** `GET /v1/feedback?kind&subject_id`: the caller's feedback on a subject, if any. */
export const feedbackQuery = z.object({ kind, subject_id: subjectId, ...cacheBust });

/** One stored feedback. */
export const feedbackData = z.object({
  kind,
  subject_id: z.string(),
  rating: z.number().int(),
  options: z.array(z.enum(FEEDBACK_OPTIONS)),
  suggestion: z.string(),
  /** 'YYYY-MM-DD HH:mm' UTC (§5). */
  updated_at: z.string(),
});
export type FeedbackData = z.infer<typeof feedbackData>;
export const feedbackAnswer = z.object({ feedback: feedbackData.nullable() });
