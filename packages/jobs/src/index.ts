export {
  JOBS_SCHEMA,
  MAX_RETRY_DELAY_SECONDS,
  postgresJsDatabase,
  retryDelaySeconds,
  startBoss,
  startJobs,
  SUPERVISE_SECONDS,
  type Jobs,
  type JobsOptions,
  type SqlText,
} from "./jobs.js";
export { holdingJobs, pollingWorker, type PollingWorker } from "./polling-worker.js";
export { JobFailures, queueStates, WATCHED_QUEUES, type QueueState, type WatchedQueue } from "./queue-metrics.js";
