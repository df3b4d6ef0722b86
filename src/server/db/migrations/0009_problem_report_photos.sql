CREATE TABLE "service_request_photos" (
	"service_request_id" uuid NOT NULL,
	"photo_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "service_request_photos_service_request_id_photo_id_pk" PRIMARY KEY("service_request_id","photo_id")
);
--> statement-breakpoint
ALTER TABLE "service_request_photos" ADD CONSTRAINT "service_request_photos_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_photos" ADD CONSTRAINT "service_request_photos_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_request_photos_photo_idx" ON "service_request_photos" USING btree ("photo_id");--> statement-breakpoint
INSERT INTO "service_request_photos" ("service_request_id", "photo_id", "position")
SELECT "service_request_id", "id", (row_number() OVER (PARTITION BY "service_request_id" ORDER BY "upload_date", "id"))::integer - 1
FROM "photos" WHERE "service_request_id" IS NOT NULL;
