CREATE TABLE "contact_request_count_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"service" text NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_request_counts" (
	"status" text NOT NULL,
	"service" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "contact_request_counts_status_service_pk" PRIMARY KEY("status","service")
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Hand-written below: the triggers that keep the inbox's totals (decision 003).
CREATE FUNCTION contact_request_count_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status AND OLD.service IS NOT DISTINCT FROM NEW.service THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO contact_request_count_deltas (status, service, delta) VALUES (OLD.status, OLD.service, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO contact_request_count_deltas (status, service, delta) VALUES (NEW.status, NEW.service, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contact_requests_count AFTER INSERT OR DELETE OR UPDATE OF status, service ON contact_requests
  FOR EACH ROW EXECUTE FUNCTION contact_request_count_delta();
--> statement-breakpoint
CREATE FUNCTION contact_request_counts_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE contact_request_counts, contact_request_count_deltas;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contact_requests_count_truncate AFTER TRUNCATE ON contact_requests
  FOR EACH STATEMENT EXECUTE FUNCTION contact_request_counts_reset();
--> statement-breakpoint
-- Folds the deltas into the counts in one statement; concurrent callers never fold a delta twice.
-- Returns how many deltas it folded.
CREATE FUNCTION compact_contact_request_counts() RETURNS integer LANGUAGE sql AS $$
  WITH moved AS (DELETE FROM contact_request_count_deltas RETURNING status, service, delta),
  folded AS (
    INSERT INTO contact_request_counts (status, service, n)
    SELECT status, service, sum(delta) FROM moved GROUP BY status, service
    ON CONFLICT (status, service) DO UPDATE SET n = contact_request_counts.n + excluded.n
  )
  SELECT count(*)::integer FROM moved;
$$;
--> statement-breakpoint
INSERT INTO contact_request_counts (status, service, n)
  SELECT status, service, count(*) FROM contact_requests GROUP BY status, service;
