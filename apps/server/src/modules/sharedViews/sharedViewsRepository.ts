import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { SharedViewContext, SharedViewType } from '@kelvin/contract';
import type { DbOrTx } from '../../platform/db/database.ts';
import { sharedViews, users } from '../../platform/db/schema.ts';

const summaryColumns = {
  sharedViewId: sharedViews.sharedViewId,
  externalId: sharedViews.externalId,
  creatorId: sharedViews.creatorId,
  creatorName: users.name,
  companyId: sharedViews.companyId,
  name: sharedViews.name,
  description: sharedViews.description,
  type: sharedViews.type,
  context: sharedViews.context,
  schema: sharedViews.schema,
  isDeleted: sharedViews.isDeleted,
  createdAt: sharedViews.createdAt,
  updatedAt: sharedViews.updatedAt,
};

export interface ViewFields {
  name: string;
  description: string;
  type: SharedViewType;
  context: SharedViewContext;
  schema: string;
  data: Record<string, unknown>;
}

/**
 * The views a user may select, as SQL: their own, their company's published ones, the global ones. Provisional
 * views are never selected (spec), so they are listed only when asked for, and then only the caller's own.
 */
export async function listSelectableViews(
  db: DbOrTx,
  viewer: { userId: number; companyId: number },
  filter: { contexts: readonly SharedViewContext[]; types?: readonly SharedViewType[] | undefined },
) {
  const visible: SQL | undefined = or(
    eq(sharedViews.creatorId, viewer.userId),
    and(eq(sharedViews.type, 'PUBLISHED'), eq(sharedViews.companyId, viewer.companyId)),
    eq(sharedViews.type, 'GLOBAL'),
  );
  const types = filter.types ?? ['PERSONAL', 'PUBLISHED', 'GLOBAL'];
  return db
    .select(summaryColumns)
    .from(sharedViews)
    .leftJoin(users, eq(users.userId, sharedViews.creatorId))
    .where(
      and(
        eq(sharedViews.isDeleted, false),
        inArray(sharedViews.context, [...filter.contexts]),
        inArray(sharedViews.type, [...types]),
        visible,
      ),
    )
    .orderBy(asc(sharedViews.name), asc(sharedViews.sharedViewId));
}

export type SharedViewSummaryRow = Awaited<ReturnType<typeof listSelectableViews>>[number];

export async function findView(db: DbOrTx, where: { sharedViewId: number } | { externalId: string }) {
  const [row] = await db
    .select({ ...summaryColumns, data: sharedViews.data })
    .from(sharedViews)
    .leftJoin(users, eq(users.userId, sharedViews.creatorId))
    .where(
      'sharedViewId' in where
        ? eq(sharedViews.sharedViewId, where.sharedViewId)
        : eq(sharedViews.externalId, where.externalId),
    );
  return row;
}

export type SharedViewRow = NonNullable<Awaited<ReturnType<typeof findView>>>;

export async function insertView(
  db: DbOrTx,
  values: ViewFields & { creatorId: number; companyId: number },
): Promise<number> {
  const [row] = await db.insert(sharedViews).values(values).returning({ id: sharedViews.sharedViewId });
  if (!row) throw new Error('The view was not created.');
  return row.id;
}

export async function updateView(
  db: DbOrTx,
  sharedViewId: number,
  values: Partial<ViewFields> & { isDeleted?: boolean },
): Promise<void> {
  await db
    .update(sharedViews)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sharedViews.sharedViewId, sharedViewId));
}
