-- Hand-written: one name for the central record ("quote request", decision 004), and four roles.
-- Tables, columns, keys, indexes, the sequence, triggers and functions take the new name;
-- no row is copied or lost.
ALTER TABLE "contact_requests" RENAME TO "quote_requests";
--> statement-breakpoint
ALTER TABLE "quote_requests" RENAME CONSTRAINT "contact_requests_pkey" TO "quote_requests_pkey";
--> statement-breakpoint
ALTER INDEX "contact_requests_submitted_at_idx" RENAME TO "quote_requests_submitted_at_idx";
--> statement-breakpoint
ALTER INDEX "contact_requests_status_submitted_idx" RENAME TO "quote_requests_status_submitted_idx";
--> statement-breakpoint
ALTER TABLE "contact_notes" RENAME TO "quote_request_notes";
--> statement-breakpoint
ALTER TABLE "quote_request_notes" RENAME CONSTRAINT "contact_notes_pkey" TO "quote_request_notes_pkey";
--> statement-breakpoint
ALTER TABLE "quote_request_notes" RENAME COLUMN "contact_request_id" TO "quote_request_id";
--> statement-breakpoint
ALTER TABLE "quote_request_notes" RENAME CONSTRAINT "contact_notes_contact_request_id_contact_requests_id_fk" TO "quote_request_notes_quote_request_id_quote_requests_id_fk";
--> statement-breakpoint
ALTER TABLE "quote_request_notes" RENAME CONSTRAINT "contact_notes_author_id_users_id_fk" TO "quote_request_notes_author_id_users_id_fk";
--> statement-breakpoint
ALTER INDEX "contact_notes_request_idx" RENAME TO "quote_request_notes_request_idx";
--> statement-breakpoint
ALTER TABLE "contact_request_counts" RENAME TO "quote_request_counts";
--> statement-breakpoint
ALTER TABLE "quote_request_counts" RENAME CONSTRAINT "contact_request_counts_status_service_pk" TO "quote_request_counts_status_service_pk";
--> statement-breakpoint
ALTER TABLE "contact_request_count_deltas" RENAME TO "quote_request_count_deltas";
--> statement-breakpoint
ALTER TABLE "quote_request_count_deltas" RENAME CONSTRAINT "contact_request_count_deltas_pkey" TO "quote_request_count_deltas_pkey";
--> statement-breakpoint
ALTER SEQUENCE "contact_request_count_deltas_id_seq" RENAME TO "quote_request_count_deltas_id_seq";
--> statement-breakpoint
-- The totals' triggers (decision 003) name their tables in their bodies, so they are made again.
DROP TRIGGER "contact_requests_count" ON "quote_requests";
--> statement-breakpoint
DROP TRIGGER "contact_requests_count_truncate" ON "quote_requests";
--> statement-breakpoint
DROP FUNCTION contact_request_count_delta();
--> statement-breakpoint
DROP FUNCTION contact_request_counts_reset();
--> statement-breakpoint
DROP FUNCTION compact_contact_request_counts();
--> statement-breakpoint
CREATE FUNCTION quote_request_count_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status AND OLD.service IS NOT DISTINCT FROM NEW.service THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO quote_request_count_deltas (status, service, delta) VALUES (OLD.status, OLD.service, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO quote_request_count_deltas (status, service, delta) VALUES (NEW.status, NEW.service, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER quote_requests_count AFTER INSERT OR DELETE OR UPDATE OF status, service ON quote_requests
  FOR EACH ROW EXECUTE FUNCTION quote_request_count_delta();
--> statement-breakpoint
CREATE FUNCTION quote_request_counts_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE quote_request_counts, quote_request_count_deltas;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER quote_requests_count_truncate AFTER TRUNCATE ON quote_requests
  FOR EACH STATEMENT EXECUTE FUNCTION quote_request_counts_reset();
--> statement-breakpoint
-- Folds the deltas into the counts in one statement; concurrent callers never fold a delta twice.
-- Returns how many deltas it folded.
CREATE FUNCTION compact_quote_request_counts() RETURNS integer LANGUAGE sql AS $$
  WITH moved AS (DELETE FROM quote_request_count_deltas RETURNING status, service, delta),
  folded AS (
    INSERT INTO quote_request_counts (status, service, n)
    SELECT status, service, sum(delta) FROM moved GROUP BY status, service
    ON CONFLICT (status, service) DO UPDATE SET n = quote_request_counts.n + excluded.n
  )
  SELECT count(*)::integer FROM moved;
$$;
--> statement-breakpoint
-- Roles: the staff of before become owners (they could do everything); then only the four roles are allowed.
UPDATE "users" SET "role" = 'owner' WHERE "role" = 'staff';
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('owner', 'office', 'crew', 'customer'));
