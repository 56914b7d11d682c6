CREATE TABLE "chat_read_markers" (
	"customer_id" uuid NOT NULL,
	"reader_id" uuid NOT NULL,
	"last_read_seq" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_read_markers_customer_id_reader_id_pk" PRIMARY KEY("customer_id","reader_id")
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "chat_read_markers" ADD CONSTRAINT "chat_read_markers_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_read_markers" ADD CONSTRAINT "chat_read_markers_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_read_markers_reader_idx" ON "chat_read_markers" USING btree ("reader_id");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_seq_idx" ON "chat_messages" USING btree ("customer_id","seq");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_seq_unique" UNIQUE("seq");