-- Global Consumables for a customer's administrators: the parts and services (netsuite:read on their own company).
-- The server leaves quantity and costs out of what external users get (modules/accounting/inventoryItems.ts).
INSERT INTO "role_grants" ("role_id", "permission", "attributes")
SELECT r."role_id", 'netsuite:read', '{"companyId": {"type": "VALUES", "values": ["$ownCompany"]}}'::jsonb
FROM "roles" r
WHERE r."name" = 'Customer Administrator';
