// What other features use of activities (docs/architecture.md#one-face-per-feature): the only file of
// this folder another feature imports.
export {
  addActivity,
  changeActivity,
  countPendingTasks,
  findActivity,
  findLatestOverdueTask,
  latestActivityByLead,
  listActivitiesByStatus,
  listActivitiesOfLead,
  listTasksDue,
  measureOverdueTasks,
  recordSystemActivity,
  staffActivityOf,
} from './activities.service.ts';
