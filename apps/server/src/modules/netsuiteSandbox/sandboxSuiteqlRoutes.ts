import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import { invalidContent, invalidParameter } from './sandboxErrors.ts';
import { pageEnvelope, parsePageQuery } from './sandboxPaging.ts';
import { runSuiteql } from './suiteqlQuery.ts';

export const SUITEQL_PATH = '/services/rest/query/v1/suiteql';

const suiteqlBody = z.object({ q: z.string().min(1) });

/** SuiteQL: `Prefer: transient` required as NetSuite requires it, `{"q": "..."}`, the paging envelope of rows. */
export function registerSuiteqlRoutes(
  scope: FastifyInstance,
  deps: { db: Db; apiOrigin: string; prefix: string },
): void {
  const { db, apiOrigin, prefix } = deps;
  scope.post(`${prefix}${SUITEQL_PATH}`, async (request) => {
    const prefer = [request.headers.prefer ?? ''].flat().join(',');
    if (!prefer.split(',').some((part) => part.trim().toLowerCase() === 'transient'))
      throw invalidParameter('The Prefer header must be set to transient for SuiteQL queries.', 'Prefer');
    const page = parsePageQuery(request.query);
    const body = suiteqlBody.safeParse(request.body);
    if (!body.success) throw invalidContent('The request body must be {"q": "<SuiteQL query>"}.', 'q');
    const { rows, total } = await runSuiteql(db, body.data.q, page);
    return pageEnvelope(
      rows.map((row) => ({ links: [], ...row })),
      { ...page, total },
      (query) => `${apiOrigin}${SUITEQL_PATH}?${query.toString()}`,
    );
  });
}
