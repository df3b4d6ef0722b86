CREATE TABLE "estimate_photos" (
	"estimate_id" uuid NOT NULL,
	"photo_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "estimate_photos_estimate_id_photo_id_pk" PRIMARY KEY("estimate_id","photo_id")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "prospect" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "kind" text DEFAULT 'service' NOT NULL;--> statement-breakpoint
ALTER TABLE "estimate_photos" ADD CONSTRAINT "estimate_photos_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_photos" ADD CONSTRAINT "estimate_photos_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimate_photos_photo_idx" ON "estimate_photos" USING btree ("photo_id");--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_kind_check" CHECK ("visits"."kind" in ('service', 'assessment'));