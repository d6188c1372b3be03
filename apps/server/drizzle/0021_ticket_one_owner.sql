-- A ticket has at most one owner (relation 1). Only the calls checked it until now: should a ticket have more, keep
-- its earliest owner and make the others workers (relation 2), so that the index below can be built.
INSERT INTO "ticket_users" ("ticket_id", "user_id", "relation_type_value", "created_at")
SELECT "ticket_id", "user_id", 2, "created_at" FROM (
  SELECT "ticket_id", "user_id", "created_at",
    row_number() OVER (PARTITION BY "ticket_id" ORDER BY "created_at", "user_id") AS "rank"
  FROM "ticket_users" WHERE "relation_type_value" = 1
) AS "owners" WHERE "rank" > 1
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM "ticket_users" AS "tu" USING (
  SELECT "ticket_id", "user_id" FROM (
    SELECT "ticket_id", "user_id",
      row_number() OVER (PARTITION BY "ticket_id" ORDER BY "created_at", "user_id") AS "rank"
    FROM "ticket_users" WHERE "relation_type_value" = 1
  ) AS "ranked" WHERE "rank" > 1
) AS "extra"
WHERE "tu"."ticket_id" = "extra"."ticket_id" AND "tu"."user_id" = "extra"."user_id" AND "tu"."relation_type_value" = 1;
--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_users_one_owner_key" ON "ticket_users" USING btree ("ticket_id") WHERE "ticket_users"."relation_type_value" = 1;
