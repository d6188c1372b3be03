import { problemRulesEndpoints as endpoints } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import {
  createMonitorGroup,
  deleteMonitorGroup,
  getMonitorGroup,
  listMonitorGroups,
  updateMonitorGroup,
} from './monitorGroupsService.ts';
import {
  createRuleDefinition,
  deleteRuleDefinition,
  listRuleDefinitions,
  updateRuleDefinition,
} from './problemRulesService.ts';

/**
 * One line per call: rule definitions and monitor groups. problemRuleDefinitions.disableAdHoc is answered with
 * the ad hoc problems (adHocRulesEndpoints).
 */
export function registerProblemRulesRoutes({ route, db }: RouteContext): void {
  route(endpoints.problemRuleDefinitionsList, ({ auth, body }) => listRuleDefinitions(db, auth, body));
  route(endpoints.problemRuleDefinitionsCreate, ({ auth, body }) => createRuleDefinition(db, auth, body));
  route(endpoints.problemRuleDefinitionsUpdate, ({ auth, body }) => updateRuleDefinition(db, auth, body));
  route(endpoints.problemRuleDefinitionsDelete, ({ auth, body }) =>
    deleteRuleDefinition(db, auth, body.problemRuleDefinitionId),
  );
  route(endpoints.monitorGroupsList, ({ auth, body }) => listMonitorGroups(db, auth, body.companyIds));
  route(endpoints.monitorGroupsGet, ({ auth, body }) => getMonitorGroup(db, auth, body.monitorGroupId));
  route(endpoints.monitorGroupsCreate, ({ auth, body }) => createMonitorGroup(db, auth, body));
  route(endpoints.monitorGroupsUpdate, ({ auth, body }) => updateMonitorGroup(db, auth, body));
  route(endpoints.monitorGroupsDelete, ({ auth, body }) => deleteMonitorGroup(db, auth, body.monitorGroupId));
}
