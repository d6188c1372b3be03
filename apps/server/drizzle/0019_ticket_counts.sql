-- How many tickets each (company, status, billing state, visibility) holds, kept by statement triggers on tickets:
-- the tickets list's total for the spec's filters (companies, statuses, billing states) is a sum over a few
-- hundred rows instead of a count over every ticket (200,000 tickets: ~1 s on PGlite).
CREATE TABLE "ticket_counts" (
	"company_id" integer NOT NULL,
	"status_value" integer NOT NULL,
	"net_suite_billing_state" text NOT NULL,
	"visibility" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "ticket_counts_pk" PRIMARY KEY("company_id","status_value","net_suite_billing_state","visibility")
);
--> statement-breakpoint
CREATE FUNCTION "ticket_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One upsert per key whose count changed: an update that keeps the key (a title, updated_at) writes nothing here,
  -- so concurrent edits of tickets do not queue on the same counts row.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ticket_counts AS c (company_id, status_value, net_suite_billing_state, visibility, n)
    SELECT company_id, status_value, net_suite_billing_state, visibility, count(*) FROM new_rows
     GROUP BY company_id, status_value, net_suite_billing_state, visibility
    ON CONFLICT (company_id, status_value, net_suite_billing_state, visibility) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE ticket_counts c SET n = c.n - d.n
      FROM (SELECT company_id, status_value, net_suite_billing_state, visibility, count(*) AS n FROM old_rows
             GROUP BY company_id, status_value, net_suite_billing_state, visibility) d
     WHERE c.company_id = d.company_id AND c.status_value = d.status_value
       AND c.net_suite_billing_state = d.net_suite_billing_state AND c.visibility = d.visibility;
  ELSE
    INSERT INTO ticket_counts AS c (company_id, status_value, net_suite_billing_state, visibility, n)
    SELECT company_id, status_value, net_suite_billing_state, visibility, sum(delta) FROM (
      SELECT company_id, status_value, net_suite_billing_state, visibility, -1 AS delta FROM old_rows
      UNION ALL
      SELECT company_id, status_value, net_suite_billing_state, visibility, 1 AS delta FROM new_rows) changes
     GROUP BY company_id, status_value, net_suite_billing_state, visibility
    HAVING sum(delta) <> 0
    ON CONFLICT (company_id, status_value, net_suite_billing_state, visibility) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ticket_counts_insert" AFTER INSERT ON "tickets" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ticket_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "ticket_counts_update" AFTER UPDATE ON "tickets" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ticket_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "ticket_counts_delete" AFTER DELETE ON "tickets" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ticket_counts_apply"();
--> statement-breakpoint
INSERT INTO "ticket_counts" ("company_id", "status_value", "net_suite_billing_state", "visibility", "n")
SELECT "company_id", "status_value", "net_suite_billing_state", "visibility", count(*) FROM "tickets"
 GROUP BY "company_id", "status_value", "net_suite_billing_state", "visibility";
