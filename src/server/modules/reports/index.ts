/** The reports module's public surface: what routes, jobs, the CLI, plugins and other modules may use. */
export type { ReportScope } from './monthly-report-data';
export { checkReportMonth, firstReportMonth, monthlyReportPdf, reportOwner } from './monthly-report';
export { queueVisitReports, queueWeeklySummaries, reportFrequencyOf, setReportFrequency, unsubscribeFromReports } from './report-emails';
export { configureReportRendering, REPORT_RENDERING_DEFAULTS, startUserReport } from './report-rendering';
export type { ReportRenderingLimits } from './report-rendering';
