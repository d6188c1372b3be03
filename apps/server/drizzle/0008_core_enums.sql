-- Reference data: the spec's core enumerations (work-management section 3). timeEntryType (6) and
-- navigationItems (11) have keys the spec does not show; they come with their areas.
INSERT INTO "core_enums" ("core_enum_id", "enum_name", "values") VALUES
  (1, 'ticketSeverity', '[{"key": "normal", "value": 0}, {"key": "warning", "value": 1}, {"key": "critical", "value": 2}]'::jsonb),
  (2, 'ticketPriority', '[{"key": "low", "value": 0}, {"key": "medium", "value": 1}, {"key": "high", "value": 2}]'::jsonb),
  (3, 'ticketType', '[{"key": "universal", "value": -1}, {"key": "incident", "value": 0}, {"key": "scheduledPM", "value": 1}, {"key": "administrative", "value": 6}, {"key": "startupCommissioning", "value": 8}, {"key": "constructionAssembly", "value": 9}, {"key": "request", "value": 10}, {"key": "partsOrdering", "value": 11}]'::jsonb),
  (4, 'ticketStatus', '[{"key": "universal", "value": -1}, {"key": "new", "value": 0}, {"key": "inProgress", "value": 2}, {"key": "onHold", "value": 3}, {"key": "needsDispatch", "value": 4}, {"key": "scheduled", "value": 5}, {"key": "resolved", "value": 7}, {"key": "closed", "value": 11}]'::jsonb),
  (5, 'ticketUserRelationType', '[{"key": "requester", "value": 0}, {"key": "owner", "value": 1}, {"key": "worker", "value": 2}]'::jsonb),
  (9, 'laborCodes', '[{"key": "other", "value": 0}, {"key": "travel", "value": 3}]'::jsonb),
  (10, 'schedule', '[{"key": "other", "value": 0}, {"key": "siteVisit", "value": 1}, {"key": "travel", "value": 2}, {"key": "timeOff", "value": 3}, {"key": "reminder", "value": 4}, {"key": "remoteAssist", "value": 5}]'::jsonb),
  (12, 'ticketSource', '[{"key": "kyotoLinkEvent", "value": 0}, {"key": "internal", "value": 1}, {"key": "emailIn", "value": 2}, {"key": "callIn", "value": 3}, {"key": "portal", "value": 4}]'::jsonb)
ON CONFLICT ("core_enum_id") DO NOTHING;
