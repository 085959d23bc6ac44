import type { Db } from '../../db/client';
import type { LockService } from '../locks/service';
import type { OrganizationService } from '../organizations/service';

export interface TemplateServiceDeps {
  db: Db;
  organizations: OrganizationService;
  locks: LockService;
  now?: () => Date;
}

/** Templates inside profile versions. */
export class TemplateService {
  constructor(private readonly deps: TemplateServiceDeps) {}
}
