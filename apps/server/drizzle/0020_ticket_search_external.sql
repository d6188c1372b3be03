ALTER TABLE "tickets" ADD COLUMN "search_external" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "tickets_search_external_idx" ON "tickets" USING gin ("search_external");--> statement-breakpoint
-- Tickets written before this migration: their external document from their EXTERNAL comments.
UPDATE "tickets" t SET "search_external" = to_tsvector('simple', t.title || ' ' || t.description || ' ' || coalesce((
  SELECT string_agg(c.comment, ' ' ORDER BY c.comment_id)
    FROM ticket_comments c
   WHERE c.ticket_id = t.ticket_id AND NOT c.is_deleted AND c.visibility = 'EXTERNAL'), ''));
