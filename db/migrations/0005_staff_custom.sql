-- The three system roles always exist (docs/decisions/0005-permission-model.md). Admins hold every
-- permission by rule, employees hold what their own account lists, customers hold none; the rows say so
-- for the role screens. A database that already has them (demo data) keeps its rows.
INSERT INTO "roles" ("name", "display_name", "description", "permissions", "is_system_role") VALUES
  ('customer', 'Customer', 'Shops, books appointments and chats with support.', '{}', true),
  ('employee', 'Employee', 'Staff member; permissions are given to each person individually.', '{}', true),
  ('admin', 'Administrator', 'Full access to everything.', '{}', true)
ON CONFLICT ("name") DO UPDATE SET "is_system_role" = true, "permissions" = '{}';
--> statement-breakpoint
-- Every user holds an existing role; renaming a role moves its holders, and a role someone holds cannot be deleted.
ALTER TABLE "users" ADD CONSTRAINT "users_role_roles_name_fk" FOREIGN KEY ("role") REFERENCES "roles"("name") ON UPDATE CASCADE ON DELETE RESTRICT;
