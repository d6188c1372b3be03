-- Reference data: the spec's asset type ids (platform-core section 3).
INSERT INTO "asset_types" ("asset_type_id", "name") VALUES
  (1, 'Site'),
  (2, 'Building'),
  (3, 'Datahall'),
  (4, 'Unit'),
  (61, 'Agent'),
  (67, 'Split Unit'),
  (70, 'Make-Up Air Unit')
ON CONFLICT ("asset_type_id") DO NOTHING;
