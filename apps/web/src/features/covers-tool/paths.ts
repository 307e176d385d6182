/** In-app paths of the covers tool (before the language segment is added). */
export const coverPaths = {
  list: '/covers',
  create: (voiceId?: string) =>
    voiceId ? `/covers/new?voice=${encodeURIComponent(voiceId)}` : '/covers/new',
  task: (taskId: string) => `/covers/${encodeURIComponent(taskId)}`,
};
