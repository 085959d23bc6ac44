export type { TemplateRecipe } from './builder.js';
export type { Preparation, SimulationPlan } from './plan.js';
export { prepareSimulation } from './plan.js';
export { SimulationBugError } from './registration.js';
export type { GenerateOptions, TracedStatement } from './simulate.js';
export { SimulationError, generate, generateTraced, simulate } from './simulate.js';
export type * from './types.js';
export { isDatasimModel, modelFromDatasim, type DatasimConversion } from './datasim.js';
export { overlaidModel } from './personae-models.js';
