-- A free seat number of a class session, locked until the transaction ends, or null when every number is taken
-- (docs/decisions/0015-class-seats.md). Concurrent bookings of one session take their numbers side by side instead
-- of queueing: a number's advisory lock is tried, never waited for, and only once it is held is the number looked up
-- again. This function is VOLATILE, so that lookup has a snapshot of its own, taken after the lock: whoever held the
-- number before has ended, and their seat shows if they committed. Only when every free number is held by a booking
-- still under way does it wait, for the lowest one's holder, and look again (at most seat_count times). `moving` is
-- a seat being moved or reopened, which does not count against itself. Both lookups go by the session's unique seat
-- index.
CREATE FUNCTION free_seat_number(session uuid, seat_count integer, moving uuid)
RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  lock_key integer := hashtext(session::text);
  n integer;
  busy integer;
  waits integer := 0;
BEGIN
  LOOP
    busy := null;
    FOR n IN
      SELECT g FROM generate_series(1, seat_count) g
      WHERE g <> ALL (coalesce((
        SELECT array_agg(a.seat) FROM appointments a
        WHERE a.session_id = session AND a.status IN ('pending', 'confirmed') AND a.id IS DISTINCT FROM moving
      ), '{}'))
    LOOP
      IF pg_try_advisory_xact_lock(lock_key, n) THEN
        IF NOT EXISTS (
          SELECT 1 FROM appointments a
          WHERE a.session_id = session AND a.seat = n AND a.status IN ('pending', 'confirmed')
            AND a.id IS DISTINCT FROM moving
        ) THEN
          RETURN n;
        END IF;
      ELSIF busy IS NULL THEN
        busy := n;
      END IF;
    END LOOP;
    -- Each wait follows the end of a holder, so a session settles within a few; the bound turns anything else
    -- (such as a number whose lock is never released) into "no seat" instead of a loop.
    waits := waits + 1;
    IF busy IS NULL OR waits > seat_count THEN
      RETURN null;
    END IF;
    -- Waits until the holder's transaction ends, without keeping the lock (a kept one would turn others away). The
    -- lock is the session's, which outlives the transaction: a cancel between taking and releasing it would leave
    -- it on this pooled connection for good, so it is released on the way out too.
    BEGIN
      PERFORM pg_advisory_lock_shared(lock_key, busy);
      PERFORM pg_advisory_unlock_shared(lock_key, busy);
    EXCEPTION WHEN query_canceled OR others THEN
      PERFORM pg_advisory_unlock_shared(lock_key, busy);
      RAISE;
    END;
  END LOOP;
END
$$;
