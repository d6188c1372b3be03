import { assetsEndpoints } from './assets.ts';
import { companiesEndpoints } from './companies.ts';
import { detectedProblemsEndpoints, problemListsEndpoints } from './detectedProblems.ts';
import { deviceLogsEndpoints } from './deviceLogs.ts';
import { fileAttachmentsEndpoints } from './fileAttachments.ts';
import { formsEndpoints } from './forms.ts';
import { coverageEndpoints } from './coverage.ts';
import { netsuiteEndpoints } from './netsuite.ts';
import { salesOrdersEndpoints } from './salesOrders.ts';
import { schedulesEndpoints } from './schedules.ts';
import { analyticsEndpoints } from './analytics.ts';
import { subscriptionsEndpoints } from './subscriptions.ts';
import { maintenanceWindowsEndpoints } from './maintenanceWindows.ts';
import { metricCommandsEndpoints } from './metricCommands.ts';
import { metricsEndpoints } from './metrics.ts';
import { notificationsEndpoints } from './notifications.ts';
import { problemActionsEndpoints } from './problemActions.ts';
import { problemTicketsEndpoints } from './problemTickets.ts';
import { adHocRulesEndpoints, problemRulesEndpoints } from './problemRules.ts';
import { sharedViewsEndpoints } from './sharedViews.ts';
import { systemEndpoints } from './system.ts';
import { telemetryEndpoints } from './telemetry.ts';
import { ticketCommentsEndpoints } from './ticketComments.ts';
import { thresholdsEndpoints } from './thresholds.ts';
import { timeEntriesEndpoints } from './timeEntries.ts';
import { ticketsEndpoints } from './tickets.ts';
import { userAdminEndpoints } from './userAdmin.ts';
import { userPreferencesEndpoints } from './userPreferences.ts';
import { usersEndpoints } from './users.ts';
import type { EndpointDef } from './endpoint.ts';

export * from './endpoint.ts';
export * from './errors.ts';
export * from './common.ts';
export * from './permissions.ts';
export * from './users.ts';
export * from './userPreferences.ts';
export * from './system.ts';
export * from './paging.ts';
export * from './companies.ts';
export * from './userAdmin.ts';
export * from './assets.ts';
export * from './metrics.ts';
export * from './metricValues.ts';
export * from './metricCommands.ts';
export * from './telemetry.ts';
export * from './deviceLogs.ts';
export * from './fileAttachments.ts';
export * from './live.ts';
export * from './storableInput.ts';
export * from './sharedViews.ts';
export * from './detectedProblems.ts';
export * from './problemActions.ts';
export * from './problemRules.ts';
export * from './thresholds.ts';
export * from './maintenanceWindows.ts';
export * from './notifications.ts';
export * from './tickets.ts';
export * from './ticketComments.ts';
export * from './timeEntries.ts';
export * from './problemTickets.ts';
export * from './forms.ts';
export * from './coverage.ts';
export * from './netsuite.ts';
export * from './salesOrders.ts';
export * from './schedules.ts';
export * from './analytics.ts';
export * from './subscriptions.ts';

/** Every endpoint of the API, by key. Areas add their group here. */
export const contract = {
  ...systemEndpoints,
  ...usersEndpoints,
  ...userPreferencesEndpoints,
  ...userAdminEndpoints,
  ...companiesEndpoints,
  ...assetsEndpoints,
  ...metricsEndpoints,
  ...metricCommandsEndpoints,
  ...telemetryEndpoints,
  ...deviceLogsEndpoints,
  ...fileAttachmentsEndpoints,
  ...sharedViewsEndpoints,
  ...detectedProblemsEndpoints,
  ...problemListsEndpoints,
  ...problemActionsEndpoints,
  ...problemRulesEndpoints,
  ...adHocRulesEndpoints,
  ...thresholdsEndpoints,
  ...maintenanceWindowsEndpoints,
  ...notificationsEndpoints,
  ...problemTicketsEndpoints,
  ...ticketsEndpoints,
  ...timeEntriesEndpoints,
  ...ticketCommentsEndpoints,
  ...formsEndpoints,
  ...coverageEndpoints,
  ...netsuiteEndpoints,
  ...salesOrdersEndpoints,
  ...schedulesEndpoints,
  ...analyticsEndpoints,
  ...subscriptionsEndpoints,
} satisfies Record<string, EndpointDef>;

export type Contract = typeof contract;
export const allEndpoints: readonly EndpointDef[] = Object.values(contract);
