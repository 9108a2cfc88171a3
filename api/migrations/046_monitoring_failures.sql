-- Continuous monitoring's leftovers of issue 27 (docs/jobs.md, "Continuous monitoring").
--
-- A run whose job failed its last attempt (a dead letter: a batch of builds, or its plan) ends
-- FAILED with that job's error, instead of staying RUNNING for ever; a Global Admin's retry of the
-- dead job (the Background Jobs screen) can still finish it, DONE once no build is left.
ALTER TABLE monitoring_runs DROP CONSTRAINT monitoring_runs_status_check;
ALTER TABLE monitoring_runs ADD CONSTRAINT monitoring_runs_status_check CHECK (status IN ('QUEUED', 'RUNNING', 'DONE', 'FAILED'));
ALTER TABLE monitoring_runs ADD COLUMN error text;
-- What a process's ready sends again: the runs queued or running (a failed one waits for a retry).
DROP INDEX monitoring_runs_unfinished;
CREATE INDEX monitoring_runs_unfinished ON monitoring_runs (status) WHERE status IN ('QUEUED', 'RUNNING');
