import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  FORM_INSTANCE_PAGE_SIZE,
  formInstanceSortProperties,
  type BodyOf,
  type OutputOf,
  type PageableQuery,
  type contract,
} from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { badField } from '../../http/httpError.ts';
import type { Db } from '../../platform/db/database.ts';
import { formInstances, formVersions, forms } from '../../platform/db/formsSchema.ts';
import { assets, companies } from '../../platform/db/schema.ts';
import { tickets } from '../../platform/db/ticketsSchema.ts';
import { limitedByAccessGroups } from '../access/assetAccess.ts';
import { inAccessGroupsOf, ticketAccessCondition, ticketVisibility } from '../tickets/ticketAccess.ts';
import { formScopeCondition } from './formsAccess.ts';

type ListBody = BodyOf<typeof contract.formsListInstances>;
type SortProperty = (typeof formInstanceSortProperties)[number];

const assetName = sql<string>`coalesce(${assets.name}, 'Asset ' || ${assets.assetId})`;

const SORT_COLUMNS: Record<SortProperty, SQL | typeof formInstances.updatedAt> = {
  date: formInstances.updatedAt,
  form_id: sql`${formInstances.formId}`,
  entity_id: sql`${formInstances.entityId}`,
  form_type: sql`${formVersions.label}`,
  status: sql`${formInstances.isFormCompleted}`,
  asset_name: assetName,
  company_name: sql`${companies.name}`,
};

function sortOf(sort: PageableQuery['sort']) {
  const order = sort.map(({ property, direction }, index) => {
    const known = formInstanceSortProperties.find((candidate) => candidate === property);
    if (known === undefined) {
      throw badField(
        `body.pageableQuery.sort.${index}.property`,
        `Cannot sort forms by ${property}: expected one of ${formInstanceSortProperties.join(', ')}.`,
      );
    }
    return direction === 'ASC' ? asc(SORT_COLUMNS[known]) : desc(SORT_COLUMNS[known]);
  });
  // Spec: the Date column sorts newest first by default; the id keeps pages stable.
  return [
    ...(order.length === 0 ? [desc(formInstances.updatedAt)] : order),
    desc(formInstances.formInstanceId),
  ];
}

/**
 * The explorer's rows the caller may see: filled forms on tickets they may read (ticketAccessCondition), of assets
 * in their access groups when they are limited by them, of forms in their scope; then the filters: the keys'
 * ticket ids (a key without one: every ticket), companies, and the date window only when from is before to.
 */
function conditionOf(auth: AuthContext, body: ListBody): SQL | undefined {
  const visibility = ticketVisibility(auth);
  const entityIds = body.formInstanceKeys.some((key) => key.entityId === undefined)
    ? undefined
    : body.formInstanceKeys.flatMap((key) => (key.entityId === undefined ? [] : [key.entityId]));
  const window = body.timeWindow;
  const useWindow = window !== undefined && Date.parse(window.from) < Date.parse(window.to);
  return and(
    eq(formInstances.entityType, 'TICKET'),
    ticketAccessCondition(visibility),
    limitedByAccessGroups(auth) ? inAccessGroupsOf(auth.user.userId, formInstances.assetId) : undefined,
    formScopeCondition(auth),
    entityIds === undefined ? undefined : inArray(formInstances.entityId, entityIds),
    body.companyIds === undefined || body.companyIds.length === 0
      ? undefined
      : inArray(tickets.companyId, body.companyIds),
    useWindow ? gte(formInstances.updatedAt, new Date(window.from)) : undefined,
    useWindow ? lt(formInstances.updatedAt, new Date(window.to)) : undefined,
  );
}

/** Spec: getFormInstances (entities.forms.listInstances): the form explorer's server-paged grid. */
export async function listFormInstances(
  db: Db,
  auth: AuthContext,
  body: ListBody,
): Promise<OutputOf<typeof contract.formsListInstances>> {
  const pageable = body.pageableQuery ?? {
    type: 'PAGED' as const,
    pageSize: FORM_INSTANCE_PAGE_SIZE,
    pageNumber: 0,
    sort: [],
  };
  const order = sortOf(pageable.sort);
  const where = conditionOf(auth, body);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        formId: formInstances.formId,
        formVersion: formInstances.formVersion,
        formLabel: formVersions.label,
        entityId: formInstances.entityId,
        ticketTitle: tickets.title,
        assetId: formInstances.assetId,
        assetName,
        companyId: tickets.companyId,
        companyName: companies.name,
        isFormCompleted: formInstances.isFormCompleted,
        updatedAt: formInstances.updatedAt,
      })
      .from(formInstances)
      .innerJoin(tickets, eq(tickets.ticketId, formInstances.entityId))
      .innerJoin(forms, eq(forms.formId, formInstances.formId))
      .innerJoin(
        formVersions,
        and(
          eq(formVersions.formId, formInstances.formId),
          eq(formVersions.version, formInstances.formVersion),
        ),
      )
      .innerJoin(assets, eq(assets.assetId, formInstances.assetId))
      .innerJoin(companies, eq(companies.companyId, tickets.companyId))
      .where(where)
      .orderBy(...order)
      .limit(pageable.pageSize)
      .offset(pageable.pageNumber * pageable.pageSize),
    db
      .select({ n: count() })
      .from(formInstances)
      .innerJoin(tickets, eq(tickets.ticketId, formInstances.entityId))
      .innerJoin(forms, eq(forms.formId, formInstances.formId))
      .where(where),
  ]);
  return {
    content: rows.map((row) => ({
      id: `${row.formId} - ${row.entityId}`,
      formId: row.formId,
      formVersion: row.formVersion,
      formLabel: row.formLabel,
      entityType: 'TICKET' as const,
      entityId: row.entityId,
      ticketTitle: row.ticketTitle,
      assetId: row.assetId,
      assetName: row.assetName,
      companyId: row.companyId,
      companyName: row.companyName,
      status: row.isFormCompleted ? ('Completed' as const) : ('In Progress' as const),
      isFormCompleted: row.isFormCompleted,
      date: row.updatedAt.toISOString(),
    })),
    pageable: { totalSize: total?.n ?? 0, pageSize: pageable.pageSize, pageNumber: pageable.pageNumber },
  };
}
