import {
  adHocRulesEndpoints,
  detectedProblemsEndpoints,
  problemActionsEndpoints as actions,
  problemListsEndpoints as lists,
} from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import { createAdHocProblem, disableAdHocRules } from './adHocService.ts';
import { listAlertView } from './alertViewService.ts';
import { listAutomations } from './automationsList.ts';
import { disableAutomations, enableAutomations } from './automationsService.ts';
import {
  acknowledgeProblems,
  muteProblems,
  unacknowledgeProblems,
  unmuteProblems,
} from './problemActionsService.ts';
import { listProblems } from './problemListService.ts';
import { summarizeAssets, summarizeFleet } from './problemSummaryService.ts';

/** The clock, passed in so that tests can stand at any moment. */
export type Clock = () => Date;

/** The detected-problems calls, one line each: the contract endpoint and the service that answers it. */
export function registerProblemsRoutes({ route, db }: RouteContext, clock: Clock = () => new Date()): void {
  route(detectedProblemsEndpoints.detectedProblemsListAlertView, ({ auth, body }) =>
    listAlertView(db, auth, body),
  );
  route(lists.detectedProblemsList, ({ auth, body }) => listProblems(db, clock(), auth, body));
  route(lists.assetsDetectedProblemSummary, ({ auth, body }) => summarizeAssets(db, clock(), auth, body));
  route(lists.detectedProblemsSummary, ({ auth, body }) => summarizeFleet(db, clock(), auth, body));
  route(actions.detectedProblemsAcknowledge, ({ auth, body }) =>
    acknowledgeProblems(db, clock(), auth, body.detectedProblemIds),
  );
  route(actions.detectedProblemsUnacknowledge, ({ auth, body }) =>
    unacknowledgeProblems(db, clock(), auth, body.detectedProblemIds),
  );
  route(actions.detectedProblemsMute, ({ auth, body }) =>
    muteProblems(db, clock(), auth, body.detectedProblemIds),
  );
  route(actions.detectedProblemsUnmute, ({ auth, body }) =>
    unmuteProblems(db, clock(), auth, body.detectedProblemIds),
  );
  route(actions.detectedProblemsEnableAutomation, ({ auth, body }) =>
    enableAutomations(db, clock(), auth, body),
  );
  route(actions.detectedProblemsDisableAutomation, ({ auth, body }) =>
    disableAutomations(db, clock(), auth, body.problemAutomationIds),
  );
  route(actions.detectedProblemsListAutomations, ({ auth, body }) =>
    listAutomations(db, clock(), auth, body),
  );
  route(actions.detectedProblemsCreateAdHoc, ({ auth, body }) => createAdHocProblem(db, clock(), auth, body));
  route(adHocRulesEndpoints.problemRuleDefinitionsDisableAdHoc, ({ auth, body }) =>
    disableAdHocRules(db, clock(), auth, body.problemRuleDefinitionIds),
  );
}
