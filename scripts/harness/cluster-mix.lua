-- wrk script of scripts/cluster: each request takes the next path of the mix given after `--`
-- (wrk ... -s cluster-mix.lua URL -- /opendap/a.das /opendap/a.dds ...), each thread starting at
-- another place in it; at the end one line `cluster-summary {JSON}` with wrk's counts.
local requests = {}
local next_index = 1
local threads = 0

function setup(thread)
  threads = threads + 1
  thread:set("offset", threads)
end

function init(args)
  for i, path in ipairs(args) do
    requests[i] = wrk.format("GET", path)
  end
  if #requests == 0 then
    error("cluster-mix.lua: give the paths after --")
  end
  next_index = ((offset or 1) - 1) % #requests + 1
end

function request()
  local r = requests[next_index]
  next_index = next_index % #requests + 1
  return r
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('cluster-summary {"requests": %d, "duration_us": %d, "bytes": %d, '
    .. '"connect": %d, "read": %d, "write": %d, "status": %d, "timeout": %d, '
    .. '"p50_us": %d, "p99_us": %d, "max_us": %d}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status,
    e.timeout, latency:percentile(50), latency:percentile(99), latency.max))
end
