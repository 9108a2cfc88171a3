-- Live compliance (issue 28, docs/compliance.md "Summary"): a requirement whose last check is
-- deleted gets a history row of its own with no status (to_status NULL: "no check left"), so that
-- the dashboard's trend, replayed from the history, counts it on the days it had checks and not
-- after. Before this migration such a removal left no trace in the history.
ALTER TABLE compliance_history ALTER COLUMN to_status DROP NOT NULL;
