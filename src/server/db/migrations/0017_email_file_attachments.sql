ALTER TABLE "email_attachments" ALTER COLUMN "content_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_attachments" ADD COLUMN "disposition" text DEFAULT 'inline' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_attachments" ADD CONSTRAINT "email_attachments_disposition_check" CHECK ("email_attachments"."disposition" in ('inline', 'attachment'));--> statement-breakpoint
ALTER TABLE "email_attachments" ADD CONSTRAINT "email_attachments_content_id_check" CHECK (("email_attachments"."disposition" = 'inline') = ("email_attachments"."content_id" is not null));--> statement-breakpoint
ALTER TABLE "email_attachments" ADD CONSTRAINT "email_attachments_size_check" CHECK (octet_length("email_attachments"."data") <= 7340032);