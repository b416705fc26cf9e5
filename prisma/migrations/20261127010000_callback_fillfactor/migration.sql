-- Room on every page for the next version of a row: a delivery is updated when its attempt starts and again
-- with its outcome, and an attempt is inserted as in flight and updated with its answer. With free space on
-- the page, the updates that change no indexed column (the attempt's outcome, the delivery's start) are
-- heap-only: no index entries and less WAL per delivery (docs/performance.md, round five). It applies to
-- pages written from now on; the lock it takes does not block reads or writes.
ALTER TABLE "callback_deliveries" SET (fillfactor = 70);
ALTER TABLE "callback_attempts" SET (fillfactor = 70);
