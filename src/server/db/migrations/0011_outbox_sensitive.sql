ALTER TABLE "email_outbox" ADD COLUMN "sensitive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- E-mails sent before this migration keep no sign-in or invitation link either.
UPDATE "email_outbox" SET "sensitive" = true, "text_body" = '', "html_body" = '' WHERE "status" = 'sent' AND "text_body" LIKE '%/login/verify?token=%';--> statement-breakpoint
UPDATE "email_outbox" SET "sensitive" = true WHERE "status" <> 'sent' AND "text_body" LIKE '%/login/verify?token=%';
