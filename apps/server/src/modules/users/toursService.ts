import { productTours, type ProductTour } from '@kelvin/contract';
import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../http/authenticate.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { userToursSeen } from '../../platform/db/schema.ts';

const isTour = (value: string): value is ProductTour => productTours.some((tour) => tour === value);

/** The tours the caller has seen. Any signed-in user has their own; nobody reads another's. */
export async function listToursSeen(db: DbOrTx, auth: AuthContext): Promise<ProductTour[]> {
  const rows = await db
    .select({ tour: userToursSeen.tour })
    .from(userToursSeen)
    .where(eq(userToursSeen.userId, auth.user.userId));
  return rows
    .map((row) => row.tour)
    .filter(isTour)
    .sort();
}

/** Marks a tour seen; the first time counts (a second device finishing it changes nothing). */
export async function markTourSeen(db: DbOrTx, auth: AuthContext, tour: ProductTour): Promise<ProductTour[]> {
  await db.insert(userToursSeen).values({ userId: auth.user.userId, tour }).onConflictDoNothing();
  return listToursSeen(db, auth);
}
