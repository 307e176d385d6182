// Messages of the feedback calls, without zod: the web's first page (the request layer's error
// map) reads them, and a module that creates schemas would bring zod along.

/** Messages of feedback (English; the web app translates each under `errors.feedback.<name>`). */
export const FeedbackMsg = {
  noSubject: 'There is no such result to rate.',
} as const;
