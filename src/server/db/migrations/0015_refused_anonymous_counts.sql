ALTER TABLE "audit_events" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_refused_anonymous_minute_idx" ON "audit_events" USING btree ("ip","at") WHERE kind = 'refused_anonymous';--> statement-breakpoint
-- The log stays append-only, with one exception: an event of a request refused before anyone was
-- identified (`refused_anonymous`, one per IP and minute) may have its count raised, and its summary
-- rewritten with it, within the minute after it; nothing else of it, and nothing of any other event.
CREATE OR REPLACE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD."at" < now() - interval '13 months' THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."kind" = 'refused_anonymous' AND NEW."count" > OLD."count"
    AND OLD."at" > now() - interval '2 minutes'
    AND (NEW."id", NEW."at", NEW."kind", NEW."actor_id", NEW."actor_role", NEW."ip", NEW."user_agent", NEW."action",
         NEW."target_type", NEW."target_id", NEW."outcome", NEW."status_code")
      IS NOT DISTINCT FROM
        (OLD."id", OLD."at", OLD."kind", OLD."actor_id", OLD."actor_role", OLD."ip", OLD."user_agent", OLD."action",
         OLD."target_type", OLD."target_id", OLD."outcome", OLD."status_code") THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'the audit log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
