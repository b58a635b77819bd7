import type { MemberServiceConfig } from '../config.ts';
import { purgeDeletedMembersJob } from './purge-deleted-members.ts';
import type { PeriodicJob } from './runner.ts';

/** The periodic jobs every member-service instance runs (one at a time across instances). */
export function scheduledJobs(_config: MemberServiceConfig): PeriodicJob[] {
  return [purgeDeletedMembersJob()];
}
