/** Task status of AI Covers tasks (spec §4). */
export const TaskStatus = {
  waiting: 1,
  running: 2,
  done: 3,
  failed: 4,
  closed: 5,
  timeout: 6,
} as const;
export type TaskStatusValue = (typeof TaskStatus)[keyof typeof TaskStatus];

export const TERMINAL_TASK_STATUSES: readonly TaskStatusValue[] = [
  TaskStatus.done,
  TaskStatus.failed,
  TaskStatus.closed,
  TaskStatus.timeout,
];
