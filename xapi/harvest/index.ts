export type {
  HarvestOptions,
  HarvestProblem,
  HarvestRefusal,
  HarvestResult,
  HarvestedConcept,
  HarvestedType,
} from './harvest.js';
export { HARVESTED_TYPES, harvestKey, harvestStatements, isProfileDocument } from './harvest.js';
