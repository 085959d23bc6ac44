import type { Db } from '../../db/client';
import type { LockService } from '../locks/service';
import type { OrganizationService } from '../organizations/service';

export interface PatternServiceDeps {
  db: Db;
  organizations: OrganizationService;
  locks: LockService;
  now?: () => Date;
}

/** Patterns inside profile versions. */
export class PatternService {
  constructor(private readonly deps: PatternServiceDeps) {}
}
