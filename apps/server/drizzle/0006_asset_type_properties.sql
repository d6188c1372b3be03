-- Reference data: the properties each asset type's template asks for (the unit-template form reads them).
INSERT INTO "asset_type_properties" ("asset_type_id", "name", "label", "is_required", "display_order") VALUES
  (1, 'name', 'Name', true, 0), (1, 'city', 'City', false, 1), (1, 'address', 'Address', false, 2),
  (2, 'name', 'Name', true, 0),
  (3, 'name', 'Name', true, 0),
  (4, 'name', 'Name', true, 0), (4, 'model', 'Model', true, 1), (4, 'manufacturer', 'Manufacturer', false, 2),
  (4, 'serialNumber', 'Serial number', true, 3), (4, 'position', 'Position', false, 4),
  (4, 'privateIpAddress', 'Private IP address', false, 5), (4, 'deviceLayout', 'Device layout', false, 6),
  (4, 'refrigerant', 'Refrigerant', false, 7), (4, 'capacityKw', 'Capacity (kW)', false, 8),
  (4, 'installDate', 'Install date', false, 9),
  (61, 'name', 'Name', true, 0), (61, 'firmwareVersion', 'Firmware version', false, 1),
  (61, 'privateIpAddress', 'Private IP address', false, 2),
  (67, 'name', 'Name', true, 0), (67, 'model', 'Model', false, 1), (67, 'position', 'Position', false, 2),
  (70, 'name', 'Name', true, 0), (70, 'model', 'Model', false, 1), (70, 'manufacturer', 'Manufacturer', false, 2),
  (70, 'serialNumber', 'Serial number', false, 3), (70, 'airflowCfm', 'Airflow (CFM)', false, 4)
ON CONFLICT ("asset_type_id", "name") DO NOTHING;
