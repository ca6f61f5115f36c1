-- Issue #29: the search document's insert is planned once per connection. Its parameter is
-- an array of ids, for which PostgreSQL kept choosing a plan made for each call's values —
-- 0.65 ms of planning a save, about half of the refresh's time — though the plan never
-- differs (the sources by primary key).
ALTER FUNCTION "sauce_search_refresh"(integer[]) SET plan_cache_mode = force_generic_plan;
