/** The visits module's public surface: what routes, jobs, the CLI, plugins and other modules may use. */
export { addCrewPhoto, completeVisit, crewRoute, crewVisit, reportSiteIssue, setChecklistItem, startVisit } from './crew-work';
export { peopleById } from './people';
export { visitProperties, weekSchedule } from './schedule';
export { changeVisit, createOneOffVisit } from './visit-changes';
export { visitDetail } from './visit-detail';
export { recordVisitEvent } from './visit-events';
export { loadPortalVisits, portalVisit, visitHistory } from './visit-history';
export { addVisitPhoto, deletePhoto, visitProperty } from './visit-photos';
