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
