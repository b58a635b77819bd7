import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * How many messages one destination may receive per window, counted across every account that
 * names it. Taking from the budget is one conditional upsert, so parallel requests on any number
 * of instances never send more than the limit.
 */
export interface DeliveryBudgetsRepository {
  /** Counts one message for the destination in the window; false (and nothing counted) when the window's limit is reached. */
  take(destination: string, windowStart: number, limit: number): Promise<boolean>;
  /** Forgets the windows that started before `windowStart`. */
  forgetBefore(windowStart: number): Promise<void>;
}

export function deliveryBudgetsRepository(db: Kysely<Database>): DeliveryBudgetsRepository {
  return {
    async take(destination, windowStart, limit) {
      if (limit < 1) return false;
      const counted = await db
        .insertInto('delivery_budgets')
        .values({ destination, window_start: windowStart, sent: 1 })
        .onConflict((conflict) =>
          conflict
            .columns(['destination', 'window_start'])
            .doUpdateSet({ sent: sql<number>`delivery_budgets.sent + 1` })
            .where('delivery_budgets.sent', '<', limit),
        )
        .returning('sent')
        .executeTakeFirst();
      return counted !== undefined;
    },

    async forgetBefore(windowStart) {
      await db.deleteFrom('delivery_budgets').where('window_start', '<', windowStart).execute();
    },
  };
}
