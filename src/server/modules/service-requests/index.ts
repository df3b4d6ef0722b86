/** The service-requests module's public surface: what routes, jobs, the CLI, plugins and other modules may use. */
export {
  changeServiceRequestStatus,
  createServiceRequest,
  listServiceRequests,
  propertyServiceRequests,
  scheduleServiceRequestVisit,
  waitingServiceRequests,
} from './service-requests.service';
