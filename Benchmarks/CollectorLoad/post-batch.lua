-- wrk script (Benchmarks/collector-load.sh): POSTs the gzip batches of
-- make-batches.py to /v1/batch, each batch at most once per run while they last.
--
--   wrk ... -s post-batch.lua URL -- BATCHES FIRST STRIDE
--
-- BATCHES: the prefix make-batches.py wrote. Thread t (1-based) of this wrk sends
-- batches FIRST+t-1, FIRST+t-1+STRIDE, ...: with STRIDE the number of wrk threads
-- of all wrk processes of a run, and FIRST apart for each process, no two threads
-- send the same batch. A thread that runs out starts again from its first batch
-- (those events are duplicates); done() reports how many were re-sent.

local counter = 0
local threads = {}

function setup(thread)
  counter = counter + 1
  thread:set("slot", counter)
  table.insert(threads, thread)
end

function init(args)
  local prefix, first, stride = args[1], tonumber(args[2]), tonumber(args[3])
  local data = assert(io.open(prefix .. ".bodies", "rb")):read("*a")
  bodies = {}
  local offset = 1
  for line in io.lines(prefix .. ".index") do
    local size = tonumber(line)
    table.insert(bodies, data:sub(offset, offset + size - 1))
    offset = offset + size
  end
  start = first + slot - 1          -- 0-based batch index
  step = stride
  nextIndex = start
  resent = 0
  headers = { ["Content-Type"] = "application/json", ["Content-Encoding"] = "gzip" }
end

function request()
  if nextIndex >= #bodies then
    nextIndex = start
    resent = resent + 1
  end
  local body = bodies[nextIndex + 1]
  nextIndex = nextIndex + step
  return wrk.format("POST", "/v1/batch", headers, body)
end

function done(summary, latency, requests)
  local wraps = 0
  for _, thread in ipairs(threads) do wraps = wraps + (thread:get("resent") or 0) end
  io.write(string.format("post-batch: threads wrapped around %d times (0: every batch sent was new)\n", wraps))
end
