CREATE TABLE "message_mentions" (
	"id" serial PRIMARY KEY NOT NULL,
	"message" integer NOT NULL,
	"user" integer NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "message_reads" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation" text NOT NULL,
	"user" integer NOT NULL,
	"last_read" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_addressee_check";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "conversation" text;--> statement-breakpoint
UPDATE "messages" SET "conversation" = CASE
	WHEN "recipient" IS NOT NULL AND "recipient" <> "sender" THEN 'direct-' || least("sender", "recipient") || '-' || greatest("sender", "recipient")
	ELSE 'department-' || coalesce("department", 'admin')
END;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "conversation" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "message_mentions" ADD CONSTRAINT "message_mentions_message_messages_id_fk" FOREIGN KEY ("message") REFERENCES "public"."messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_mentions" ADD CONSTRAINT "message_mentions_user_users_id_fk" FOREIGN KEY ("user") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_user_users_id_fk" FOREIGN KEY ("user") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_mentions_message_user_idx" ON "message_mentions" USING btree ("message","user");--> statement-breakpoint
CREATE INDEX "message_mentions_user_idx" ON "message_mentions" USING btree ("user","read_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_reads_user_conversation_idx" ON "message_reads" USING btree ("user","conversation");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation","id");