#!/usr/bin/env bash
# The study's timing loop: one curl per run, spaced by a sleep so that no load effect is
# measured, each run's phase times (seconds) appended to a semicolon-separated file.
set -euo pipefail

usage() {
  cat <<'USAGE'
Usage: scripts/curl-timing.sh URL [RUNS=20] [SLEEP=0.3] [OUT=results.txt]

Requests URL RUNS times with curl, sleeping SLEEP seconds between runs, and writes
OUT: a header line
  Lookup_time;Connect_time;Pretransfer_time;Starttransfer_time;Total_time
then one line per run with curl's time_namelookup, time_connect, time_pretransfer,
time_starttransfer and time_total in seconds. The body is discarded.

Exits non-zero, naming the run and the status, as soon as an answer is not HTTP 200
or curl itself fails (connection refused, timeout); OUT then holds the runs before it.

Environment: CURL_MAX_TIME (seconds per request, default 60).
USAGE
}

if [[ $# -ge 1 && ( "$1" == "-h" || "$1" == "--help" ) ]]; then
  usage
  exit 0
fi
if [[ $# -lt 1 || $# -gt 4 ]]; then
  usage >&2
  exit 2
fi

url=$1
runs=${2:-20}
pause=${3:-0.3}
out=${4:-results.txt}
max_time=${CURL_MAX_TIME:-60}

if ! [[ "$runs" =~ ^[1-9][0-9]*$ ]]; then
  echo "curl-timing.sh: RUNS was '$runs', must be a positive integer" >&2
  exit 2
fi
if ! [[ "$pause" =~ ^[0-9]+(\.[0-9]+)?$ ]]; then
  echo "curl-timing.sh: SLEEP was '$pause', must be a number of seconds (e.g. 0.3)" >&2
  exit 2
fi
command -v curl >/dev/null || { echo "curl-timing.sh: curl is not installed (Debian package curl)" >&2; exit 2; }

echo "Lookup_time;Connect_time;Pretransfer_time;Starttransfer_time;Total_time" > "$out"
# The status code rides in front of the times so that one curl call both measures and checks.
format='%{http_code} %{time_namelookup};%{time_connect};%{time_pretransfer};%{time_starttransfer};%{time_total}\n'
errors=$(mktemp)
trap 'rm -f "$errors"' EXIT
for ((run = 1; run <= runs; run++)); do
  if ! line=$(LC_ALL=C curl -g -o /dev/null -s -S --max-time "$max_time" -w "$format" "$url" 2>"$errors"); then
    echo "curl-timing.sh: run $run of $runs: curl failed for $url: $(head -c 300 "$errors")" >&2
    exit 1
  fi
  status=${line%% *}
  if [[ "$status" != "200" ]]; then
    echo "curl-timing.sh: run $run of $runs: expected HTTP 200 but was $status for $url" >&2
    exit 1
  fi
  echo "${line#* }" >> "$out"
  if ((run < runs)); then
    sleep "$pause"
  fi
done
