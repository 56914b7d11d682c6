-- The held span's bound in built-in operators that are IMMUTABLE themselves (an instant read in UTC has no time zone
-- to depend on), with a body stored already parsed. PostgreSQL then inlines it into the generated columns'
-- expressions; the former body (timestamptz + interval, which PostgreSQL marks STABLE) could not be inlined, so every
-- insert or move of an appointment parsed, planned and ran it as a function of its own, twice. Same values: a
-- minutes-only interval adds the same time in any zone.
CREATE OR REPLACE FUNCTION held_bound(t timestamptz, minutes integer) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN ((t AT TIME ZONE 'UTC') + make_interval(mins => minutes)) AT TIME ZONE 'UTC';--> statement-breakpoint
-- The seat lookups in free_seat_number go by the session's unique seat index whatever the parameters, but the
-- planner's estimate for an unknown seat count kept it planning them afresh at every call (about 0.2 ms a booking).
ALTER FUNCTION free_seat_number(uuid, integer, uuid) SET plan_cache_mode = force_generic_plan;
