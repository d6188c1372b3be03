-- Default roles and their grants: data, so later areas add permissions with a migration, not code.
-- '$ownCompany' stands for the signed-in user's own company (see permissionsRepository.ts).
INSERT INTO "roles" ("name", "description") VALUES ('Provider Administrator', 'The provider''s administrators: every permission on every company.') ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_grants" ("role_id", "permission", "attributes")
SELECT r."role_id", g.permission, g.attributes FROM "roles" r,
(VALUES
  ('assets:read', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('assets:write', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('assets:logs:read', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('metrics:read', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('telemetry:write', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('companies:read', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('companies:write', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('users:read', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('users:write', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('roles:manage', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('tickets:read', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('tickets:write', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('kyotoEventDetails:read', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('detectedProblems:read', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('detectedProblems:write', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('fileAttachments:manageAssetReadingAttachment', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('netsuite:manage', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('netsuite:read', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('notificationPreferences:manage', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('schedules:read', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('schedules:write', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('sharedViews:setGlobal', '{"companyId": {"type": "ALL"}}'::jsonb)
) AS g(permission, attributes)
WHERE r."name" = 'Provider Administrator';
--> statement-breakpoint
INSERT INTO "roles" ("name", "description") VALUES ('Provider Service Technician', 'The provider''s field and remote service staff: service work on every company.') ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_grants" ("role_id", "permission", "attributes")
SELECT r."role_id", g.permission, g.attributes FROM "roles" r,
(VALUES
  ('assets:read', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('assets:logs:read', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('metrics:read', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('companies:read', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('users:read', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('tickets:read', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('tickets:write', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('kyotoEventDetails:read', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('detectedProblems:read', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('detectedProblems:write', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('fileAttachments:manageAssetReadingAttachment', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('netsuite:read', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('notificationPreferences:manage', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('schedules:read', '{"companyId": {"type": "ALL"}}'::jsonb),
  ('schedules:write', '{"companyId": {"type": "ALL"}}'::jsonb)
) AS g(permission, attributes)
WHERE r."name" = 'Provider Service Technician';
--> statement-breakpoint
INSERT INTO "roles" ("name", "description") VALUES ('Customer Administrator', 'A customer''s administrators: their own company''s assets, users and service work.') ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_grants" ("role_id", "permission", "attributes")
SELECT r."role_id", g.permission, g.attributes FROM "roles" r,
(VALUES
  ('assets:read', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb),
  ('assets:write', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb),
  ('assets:logs:read', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb),
  ('metrics:read', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb),
  ('companies:read', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb),
  ('users:read', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb),
  ('users:write', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb),
  ('roles:manage', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb),
  ('tickets:read', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb),
  ('tickets:write', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb),
  ('kyotoEventDetails:read', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb),
  ('detectedProblems:read', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb),
  ('detectedProblems:write', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb),
  ('fileAttachments:manageAssetReadingAttachment', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb),
  ('notificationPreferences:manage', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb),
  ('schedules:read', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb)
) AS g(permission, attributes)
WHERE r."name" = 'Customer Administrator';
--> statement-breakpoint
INSERT INTO "roles" ("name", "description") VALUES ('Customer Operator', 'A customer''s operators: watch their own company''s units and follow its tickets.') ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_grants" ("role_id", "permission", "attributes")
SELECT r."role_id", g.permission, g.attributes FROM "roles" r,
(VALUES
  ('assets:read', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb),
  ('metrics:read', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb),
  ('tickets:read', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb),
  ('kyotoEventDetails:read', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb),
  ('detectedProblems:read', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb),
  ('detectedProblems:write', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb),
  ('schedules:read', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb)
) AS g(permission, attributes)
WHERE r."name" = 'Customer Operator';
