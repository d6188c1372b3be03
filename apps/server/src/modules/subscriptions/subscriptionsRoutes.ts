import { subscriptionsEndpoints as endpoints } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import {
  listCompanySubscriptions,
  listUnitSubscriptions,
  setCompanySubscription,
  setUnitSubscriptions,
  subscriptionsSummary,
} from './subscriptionsService.ts';

/** Subscription plans of companies and units: counts per plan, the companies and units on each, and changes. */
export function registerSubscriptionsRoutes({ db, route }: RouteContext): void {
  route(endpoints.subscriptionsSummary, ({ auth }) => subscriptionsSummary(db, auth));
  route(endpoints.subscriptionsCompaniesList, ({ auth, body }) => listCompanySubscriptions(db, auth, body));
  route(endpoints.subscriptionsCompaniesSet, ({ auth, body }) => setCompanySubscription(db, auth, body));
  route(endpoints.subscriptionsAssetsList, ({ auth, body }) => listUnitSubscriptions(db, auth, body));
  route(endpoints.subscriptionsAssetsSet, ({ auth, body }) => setUnitSubscriptions(db, auth, body));
}
