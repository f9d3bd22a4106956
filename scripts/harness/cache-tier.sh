# The cache tier (scripts/cluster --cache-tier), sourced by scripts/cluster once the emulators, the
# front ends (with dataRoot $data_dir, so a changed file is seen) and nginx with proxy_cache are
# up. Measures in one run, each through nginx at $nginx_port:
#   1. warm .das through the tier (X-Cache-Status HIT) against nginx serving the same bytes as a
#      static file, wrk at the same settings, one after the other;
#   2. a 304 from the tier to If-None-Match with the ETag it holds;
#   3. a changed file seen through the tier: the time until the tier answers its new bytes, against
#      the front end's max-age S plus 1 s;
#   4. that no error or restricted answer is stored: each asked twice; the second answer is not a
#      HIT and reached a front end (their access logs grew).
# Writes cache-tier.md and cache-tier.tsv under $out; exits 1 when a check failed.

tier_base="http://127.0.0.1:$nginx_port/opendap"
das_path=/opendap/coads_climatology.nc.das
results="$out/cache-tier.tsv"
: > "$results"
failed=0
result() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >> "$results"; h_log "$1: $2 ($3)"; }
fail() { failed=$((failed + 1)); result "$1" FAIL "$2"; }
# header NAME FILE: a header's value in a curl -D dump, without its CR.
header() { { grep -i "^$1:" "$2" || true; } | tail -1 | cut -d: -f2- | tr -d '\r' | sed 's/^ *//'; }
# live_header NAME CURL_ARGS...: one header of a fresh GET through the tier.
live_header() {
  local name=$1
  shift
  { curl -s -D - -o /dev/null --max-time 10 "$@" || true; } | { grep -i "^$name:" || true; } \
    | tail -1 | cut -d: -f2- | tr -d '\r' | sed 's/^ *//'
}
# access_lines: the lines of every front end's HyraxAccess.log, together.
access_lines() { { cat "${fe_logdirs[@]/%//HyraxAccess.log}" 2>/dev/null || true; } | wc -l; }

# --- 1. Warm .das: the tier against a static file of the same bytes ---
curl -s -D "$out/tier-first.headers" -o "$out/nginx/static/coads_climatology.nc.das" \
  --max-time 30 "http://127.0.0.1:$nginx_port$das_path"
cache_control=$(header Cache-Control "$out/tier-first.headers")
max_age=$(sed -n 's/.*s-maxage=\([0-9]*\).*/\1/p' <<< "$cache_control")
[[ -n "$max_age" ]] || h_die "the front end's .das says no s-maxage (Cache-Control: '$cache_control')"
bytes=$(stat -c %s "$out/nginx/static/coads_climatology.nc.das")
result "das-cache-control" "$cache_control" "the front ends' Cache-Control of an open .das"
curl -s -o /dev/null --max-time 10 "http://127.0.0.1:$nginx_port$das_path"
status=$(live_header X-Cache-Status "http://127.0.0.1:$nginx_port$das_path")
[[ "$status" == HIT || "$status" == UPDATING || "$status" == REVALIDATED ]] \
  || fail "das-hit" "a warm .das was '$status' through the tier, not a HIT"
wrk_tier=(-t"$threads" -c"$connections" -d"${tier_seconds}s" --latency)
h_log "warm-up of both, not counted: wrk ${wrk_tier[*]/-d*/-d3s}"
wrk -t"$threads" -c"$connections" -d3s "http://127.0.0.1:$nginx_port$das_path" > /dev/null 2>&1 || true
wrk -t"$threads" -c"$connections" -d3s "http://127.0.0.1:$nginx_port/static/coads_climatology.nc.das" > /dev/null 2>&1 || true
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
wrk "${wrk_tier[@]}" "http://127.0.0.1:$nginx_port$das_path" > "$out/wrk-tier.txt" 2>&1 \
  || h_die "wrk through the tier failed (see $out/wrk-tier.txt)"
wrk "${wrk_tier[@]}" "http://127.0.0.1:$nginx_port/static/coads_climatology.nc.das" \
  > "$out/wrk-static.txt" 2>&1 || h_die "wrk of the static file failed (see $out/wrk-static.txt)"
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
rate() { sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p' "$1"; }
tier_rate=$(rate "$out/wrk-tier.txt" || true)
static_rate=$(rate "$out/wrk-static.txt" || true)
ratio=$(awk -v a="$tier_rate" -v b="$static_rate" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
result "das-through-tier" "$tier_rate req/s" "wrk ${wrk_tier[*]}, $bytes bytes"
result "das-static" "$static_rate req/s" "the same $bytes bytes as a static file of nginx"
result "das-ratio" "$ratio" "through the tier / static (goal 0.9); load average $load_before before, $load_after after"
hits=$(awk -F'\t' '$2 == "'"$das_path"'" { n++; if ($3 == "HIT" || $3 == "UPDATING" || $3 == "REVALIDATED") h++ } END { printf "%d of %d", h, n }' "$out/nginx/logs/tier.log")
result "das-hits" "$hits" "answers of the tier's log for the .das that the tier gave without a front end's body"

# --- 2. A 304 from the tier ---
etag=$(header ETag "$out/tier-first.headers")
curl -s -D "$out/tier-304.headers" -o /dev/null --max-time 10 -H "If-None-Match: $etag" \
  "http://127.0.0.1:$nginx_port$das_path"
code=$(head -1 "$out/tier-304.headers" | cut -d' ' -f2 || true)
cache=$(header X-Cache-Status "$out/tier-304.headers")
if [[ "$code" == 304 ]]; then
  result "304" "$code $cache" "If-None-Match: $etag through the tier"
else
  fail "304" "If-None-Match: $etag was answered $code ($cache)"
fi

# --- 3. A changed file, seen through the tier ---
# A plain file of the data directory, whose bytes are the file's (a dataset's .das is made from
# its variables, which touching its file does not change: its ETag, and so the tier's copy, stay).
file_path=/opendap/notes.txt
file_max_age=$(live_header Cache-Control "http://127.0.0.1:$nginx_port$file_path" \
  | sed -n 's/.*s-maxage=\([0-9]*\).*/\1/p')
curl -s -o /dev/null --max-time 10 "http://127.0.0.1:$nginx_port$file_path"
# The new content a second later on the clock, so its Last-Modified (whole seconds) differs too.
sleep 1.1
echo "changed at $EPOCHREALTIME" > "$data_dir/notes.txt"
changed_at=$EPOCHREALTIME
seen=""
for ((i = 0; i < 400; i++)); do
  body=$(curl -s --max-time 5 "http://127.0.0.1:$nginx_port$file_path" || true)
  if [[ "$body" == "changed at "* ]]; then
    seen=$(awk -v a="$changed_at" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }')
    break
  fi
  sleep 0.05
done
bound=$((${file_max_age:-$max_age} + 1))
if [[ -z "$seen" ]]; then
  fail "changed-file" "the tier still answered the old $file_path 20 s after the file changed"
elif awk -v s="$seen" -v b="$bound" 'BEGIN { exit !(s <= b) }'; then
  result "changed-file" "${seen} s" "from the file's change to the tier's new bytes of $file_path; bound S + 1 = $bound s (S, its s-maxage: the file check interval)"
else
  fail "changed-file" "seen after $seen s, more than S + 1 = $bound s"
fi

# --- 4. Nothing that must not be shared is stored ---
never_stored() {
  local name=$1
  shift
  local before after second
  before=$(access_lines)
  curl -s -o /dev/null --max-time 10 "$@"
  second=$(live_header X-Cache-Status "$@")
  # The front ends' access lines are written by their log threads: a moment to reach the disk.
  sleep 0.5
  after=$(access_lines)
  if [[ "$second" != HIT && $((after - before)) -ge 2 ]]; then
    result "$name" "not stored" "asked twice: the second was ${second:-not cached} and both reached a front end"
  else
    fail "$name" "asked twice: the second was '$second', front-end access lines grew by $((after - before))"
  fi
}
never_stored "error-404" "http://127.0.0.1:$nginx_port/opendap/nope.nc.das"
never_stored "error-400" "http://127.0.0.1:$nginx_port/opendap/coads_climatology.nc.ascii?NOPE"
never_stored "restricted" -H "Authorization: Bearer test" "http://127.0.0.1:$nginx_port$das_path"
never_stored "private" "http://127.0.0.1:$nginx_port/opendap/coads_climatology.nc.das?a-api-request-uuid=x" -H "Cookie: JSESSIONID=abc"

{
  echo "# Cache tier: nginx proxy_cache in front of $fe_count front ends"
  echo
  echo "$(date -u '+%Y-%m-%d %H:%M:%S UTC'), commit $(git -C "$H_ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown), $(nproc) cores, $("$nginx" -v 2>&1 | sed 's/^nginx version: //'); load average $load_start at the start, $(cut -d' ' -f1-3 /proc/loadavg) at the end."
  echo
  echo "| measure | value | how |"
  echo "|---|---|---|"
  while IFS=$'\t' read -r name value how; do
    echo "| $name | $value | $how |"
  done < "$results"
} > "$out/cache-tier.md"
cat "$out/cache-tier.md"
