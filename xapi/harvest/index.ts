export type {
  HarvestOptions,
  HarvestProblem,
  HarvestRefusal,
  HarvestResult,
  HarvestedConcept,
  HarvestedType,
} from './harvest.js';
export {
  HARVEST_LIMITS,
  HARVESTED_TYPES,
  harvestKey,
  harvestStatements,
  harvestSteps,
  isProfileDocument,
} from './harvest.js';
