/** The assessments module's public surface: a prospect's free property visit before an estimate (issue 24). */
export { assessmentPhotosOfCustomer, assessmentsOfRequest, scheduleAssessment } from './assessments.service';
export type { ScheduledAssessment } from './assessments.service';
