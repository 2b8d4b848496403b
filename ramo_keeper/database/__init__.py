"""The database's side of every write: one commit point per request, row locks in one order,
contention turned into 409s and retries, attempt counters, long reads and what a worker keeps."""
