/** The plans module's public surface: what routes, jobs, the CLI, plugins and other modules may use. */
export { playDemoMonth } from './demo-month';
export { extendPlanHorizons } from './generation';
export { markMissedVisits } from './missed-visits';
export { findImportedPlan, importedPlansOf, planDiffers, saveCrewMember } from './plan-import';
export { canonicalRrule, createPlan, endPlan, plansOfProperty, updatePlan } from './plans.service';
export { planDatesBetween } from './recurrence';
export { confirmProposedLocation, dismissProposedLocation, propertyDetail, propertyVisits, setPropertyLocation } from './property-page';
