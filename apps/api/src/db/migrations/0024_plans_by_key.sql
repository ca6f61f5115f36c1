-- Issue #29: the search document's refresh finds its sources by primary key, whatever the
-- table held when its plan was made. The plan is made once per connection (migration 0021);
-- made while `sauces` was small — a new installation, or the first saves after a start —
-- PostgreSQL 18 chose to read the whole table for `id = ANY(ids)`, and kept reading it so as
-- the table grew: a third of the database's time in a run of saves at 10,000–15,000 sources.
ALTER FUNCTION "sauce_search_refresh"(integer[]) SET enable_seqscan = off;
