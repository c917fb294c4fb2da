#!/usr/bin/env python3
"""Prepares the gzip batches post-batch.lua sends (Benchmarks/collector-load.sh).

    make-batches.py OUT COUNT [EVENTS_PER_BATCH]

Writes OUT.bodies (the gzip bodies, one after the other) and OUT.index (one
body length per line). Every event has a uuid of its own, so a batch sent once is
stored, not counted as duplicates; the events are valid wishlistPageView events of
the example contract (contract/contract.yaml), so every one is checked in full.
"""
import datetime
import gzip
import sys
import uuid

out, count = sys.argv[1], int(sys.argv[2])
per_batch = int(sys.argv[3]) if len(sys.argv) > 3 else 100
if not (0 < count <= 100_000 and 0 < per_batch <= 5_000):
    sys.exit("make-batches: COUNT in 1...100000, EVENTS_PER_BATCH in 1...5000")

now = datetime.datetime.now(datetime.timezone.utc)
stamp = now.strftime("%Y-%m-%dT%H:%M:%S.") + f"{now.microsecond // 1000:03d}Z"
event = ('{"event":"wishlistPageView","kind":"pageView","contractVersion":"1.3.0","uuid":"%s",'
         '"clientTimestamp":"' + stamp + '","viewType":"Wishlist","uniqueViewId":"%s","skuItemList":["1234","5678"]}')
with open(out + ".bodies", "wb") as bodies, open(out + ".index", "w") as index:
    for _ in range(count):
        events = ",".join(event % (uuid.uuid4(), uuid.uuid4()) for _ in range(per_batch))
        body = gzip.compress(('{"sentAt":"' + stamp + '","events":[' + events + ']}').encode(), compresslevel=6, mtime=0)
        bodies.write(body)
        index.write(f"{len(body)}\n")
