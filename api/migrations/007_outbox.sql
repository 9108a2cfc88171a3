-- The outbox of domain events (issue 4 item 12): a change and the events it raises are written in
-- one transaction; the relay publishes each row to the broker with confirmation and only then
-- marks it published, so an event raised while the broker is down is delivered when it returns.

CREATE TABLE outbox (
  seq bigserial PRIMARY KEY,
  -- A spec 7 destination: 'events#<userId>', 'notifications#<userId>' or a fanout exchange name.
  destination text NOT NULL CHECK (length(destination) BETWEEN 1 AND 255),
  -- The JSON body as browsers receive it; carries its eventId (browsers de-duplicate by it).
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz,
  attempts integer NOT NULL DEFAULT 0
);

CREATE INDEX outbox_unpublished ON outbox (seq) WHERE published_at IS NULL;
