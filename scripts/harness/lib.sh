# Shared by scripts/study, scripts/load and .ci/regression-check: build, start, wait for and stop
# the BES emulator, the PPT trace proxy and the front end, and count BES messages.
# Source it after `set -euo pipefail` and call h_init once; everything h_start started is stopped
# by the EXIT trap, on success, on failure and on Ctrl-C alike.

H_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
source "$H_ROOT/scripts/harness/java-tool.sh"
source "$H_ROOT/scripts/harness/olfs-config.sh"
# The harness's Python: Debian's (scripts/setup installs matplotlib for it), else the first python3
# on PATH. h_plot_python picks one that has matplotlib for the report's plots.
if [[ -x /usr/bin/python3 ]]; then
  H_PY=/usr/bin/python3
else
  H_PY=$(command -v python3 2>/dev/null || echo /usr/bin/python3)
fi
H_PIDS=()
H_TMPDIRS=()
H_KEEP=()

h_die() {
  echo "${H_PROG:-harness}: $*" >&2
  exit 1
}

# h_log MESSAGE...: a progress line on stderr, with the time since the script started (m:ss), so
# that a long step shows as it goes and says how long it took.
h_log() {
  printf '%s [%d:%02d]: %s\n' "${H_PROG:-harness}" $((SECONDS / 60)) $((SECONDS % 60)) "$*" >&2
}

# h_init PROGRAM_NAME: sets the message prefix and the traps that stop everything started.
h_init() {
  H_PROG=$1
  trap h_stop_all EXIT
  trap 'h_log "interrupted"; exit 130' INT
  trap 'h_log "terminated"; exit 143' TERM
  [[ -x "$H_PY" ]] || h_die "python3 is missing (Debian package python3; run scripts/setup)"
  export PYTHONPATH="$H_ROOT/scripts${PYTHONPATH:+:$PYTHONPATH}"
}

# h_run_showing_progress LOG COMMAND...: runs a harness script (scripts/study, scripts/cluster)
# with all its output to LOG, and passes its progress lines (h_log's "scripts/NAME [m:ss]: ...") on
# to stderr, indented, as they come. Returns COMMAND's status.
h_run_showing_progress() {
  local log=$1
  shift
  "$@" 2>&1 | tee "$log" \
    | { grep --line-buffered -E '^[^ ]+ \[[0-9]+:[0-9]{2}\]: ' | sed -u 's/^/    /' >&2 || true; }
  return "${PIPESTATUS[0]}"
}

h_python() {
  "$H_PY" -m harness "$@"
}

# h_plot_python: prints the first of H_PY, /usr/bin/python3 and python3 on PATH that can import
# matplotlib; fails (printing nothing) when none can.
h_plot_python() {
  local p
  for p in "$H_PY" /usr/bin/python3 "$(command -v python3 2>/dev/null || true)"; do
    if [[ -n "$p" && -x "$p" ]] && "$p" -c 'import matplotlib' >/dev/null 2>&1; then
      echo "$p"
      return 0
    fi
  done
  return 1
}

h_free_port() {
  "$H_PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# h_url BASE DATASET CE RESPONSE: the URL of one response (ascii, das, dds, dods, dmr) of DATASET
# under BASE; CE is the constraint of the data responses and the DDS.
h_url() {
  local base=$1 dataset=$2 ce=$3
  case "$4" in
    ascii) echo "$base/$dataset.ascii?$ce" ;;
    das) echo "$base/$dataset.das" ;;
    dds) echo "$base/$dataset.dds?$ce" ;;
    dods) echo "$base/$dataset.dods?$ce" ;;
    dmr) echo "$base/$dataset.dmr" ;;
    *) h_die "h_url: unknown response '$4'" ;;
  esac
}

# h_check_also SPEC...: dies unless each --also value is NAME=http(s)://...
h_check_also() {
  local spec
  for spec in "$@"; do
    [[ "$spec" =~ ^[A-Za-z0-9_.-]+=https?://.+ ]] || h_die "--also was '$spec', must be NAME=http://..."
  done
}

# h_start NAME LOG COMMAND...: runs COMMAND in its own process group, output to LOG; the group is
# stopped on exit. Sets H_LAST_PID.
h_start() {
  local name=$1 log=$2
  shift 2
  setsid "$@" >"$log" 2>&1 < /dev/null &
  H_LAST_PID=$!
  H_PIDS+=("$H_LAST_PID")
}

# h_stop PID: stops one process group started by h_start, TERM then KILL after 10 s.
h_stop() {
  local pid=$1 i
  # A process started a moment ago may not have made its group yet (setsid runs in the child).
  for ((i = 0; i < 50; i++)); do
    kill -0 -- "-$pid" 2>/dev/null && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.02
  done
  if ! kill -TERM -- "-$pid" 2>/dev/null; then
    wait "$pid" 2>/dev/null || true
    return 0
  fi
  for ((i = 0; i < 100; i++)); do
    kill -0 -- "-$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -KILL -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

# h_stop_started PID: stops one process group started by h_start before the others (a component
# stopped mid-run) and forgets it, so h_stop_all never signals that number again.
h_stop_started() {
  local pid=$1 i kept=()
  h_stop "$pid"
  for i in "${H_PIDS[@]}"; do
    [[ "$i" == "$pid" ]] || kept+=("$i")
  done
  H_PIDS=("${kept[@]}")
}

# h_tmpdir: a fresh directory under /tmp (short paths: Unix socket names are limited to 108
# bytes), removed by h_stop_all. Sets H_TMP.
h_tmpdir() {
  H_TMP=$(mktemp -d /tmp/olfs-harness.XXXXXX)
  H_TMPDIRS+=("$H_TMP")
}

# h_keep FILE DEST: copy FILE to DEST when h_stop_all has stopped everything (a log in a
# temporary directory).
h_keep() {
  H_KEEP+=("$1|$2")
}

h_stop_all() {
  local i k
  for ((i = ${#H_PIDS[@]} - 1; i >= 0; i--)); do
    h_stop "${H_PIDS[$i]}"
  done
  for k in "${H_KEEP[@]}"; do
    [[ -f "${k%%|*}" ]] && cp "${k%%|*}" "${k#*|}" 2>/dev/null || true
  done
  for k in "${H_TMPDIRS[@]}"; do
    rm -rf "$k"
  done
  H_PIDS=()
  H_KEEP=()
  H_TMPDIRS=()
}

# h_alive PID NAME LOG: fails, showing the end of LOG, when the process has exited.
h_alive() {
  local pid=$1 name=$2 log=$3
  if ! kill -0 "$pid" 2>/dev/null; then
    echo "--- last lines of $log:" >&2
    tail -n 30 "$log" >&2 || true
    h_die "$name exited before it was ready (log: $log)"
  fi
}

# h_wait_tcp PORT PID NAME LOG [SECONDS [INTERVAL]]: waits until 127.0.0.1:PORT accepts
# connections, looking every INTERVAL seconds (default 0.1).
h_wait_tcp() {
  local port=$1 pid=$2 name=$3 log=$4 limit=${5:-300} interval=${6:-0.1} start=$SECONDS
  until (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
    h_alive "$pid" "$name" "$log"
    ((SECONDS - start < limit)) || h_die "$name did not listen on port $port within ${limit} s (log: $log)"
    sleep "$interval"
  done
}

# h_wait_socket PATH PID NAME LOG [SECONDS]: waits until the Unix socket PATH exists.
h_wait_socket() {
  local path=$1 pid=$2 name=$3 log=$4 limit=${5:-300} start=$SECONDS
  until [[ -S "$path" ]]; do
    h_alive "$pid" "$name" "$log"
    ((SECONDS - start < limit)) || h_die "$name did not create $path within ${limit} s (log: $log)"
    sleep 0.1
  done
}

# h_build: builds both WARs and the classes (tests skipped) unless H_NO_BUILD=true.
h_build() {
  if [[ "${H_NO_BUILD:-false}" == true ]]; then
    return 0
  fi
  command -v mvn >/dev/null || h_die "mvn is missing (Debian package maven; run scripts/setup)"
  h_log "building the front end and the harness (mvn -DskipTests -pl webapp,webapp-javax,harness -am" \
    "package; the first build downloads Maven's plugins and libraries, and says how much)"
  # The harness jar and its lib/ too, so scripts/bes-emulator and scripts/ppt-trace need no build of
  # their own; the javax WAR for Tomcat 9 beside the Jakarta one. Maven's own lines are left out
  # but for problems; its downloads are summed up.
  (cd "$H_ROOT" && mvn -B -DskipTests -pl webapp,webapp-javax,harness -am package 2>&1 \
    | h_python maven-progress --prog "$H_PROG" --since "$SECONDS" --problems-only >&2) \
    || h_die "the build failed (mvn -B -DskipTests -pl webapp,webapp-javax,harness -am package shows it whole)"
}

# h_start_emulator LOGDIR NAME ARGS...: starts the BES emulator on a free port (and on the Unix
# socket given by --socket in ARGS); sets H_EMU_PORT. No --counts-file: rewriting that file on
# every request adds about 3 ms to each answer; the trace counts messages instead.
h_start_emulator() {
  local dir=$1 name=$2
  shift 2
  H_EMU_PORT=$(h_free_port)
  h_launch_emulator "$dir" "$name" "$H_EMU_PORT" "$@"
  h_wait_emulator "$dir" "$name" "$H_EMU_PORT" "$H_LAST_PID" "$@"
}

# h_launch_emulator LOGDIR NAME PORT ARGS...: starts the BES emulator on PORT (a BES started again
# where it was) without waiting for it; sets H_LAST_PID. Its log is LOGDIR/NAME.emulator.log.
h_launch_emulator() {
  local dir=$1 name=$2 port=$3
  shift 3
  h_start "emulator $name" "$dir/$name.emulator.log" "$H_ROOT/scripts/bes-emulator" --port "$port" "$@"
}

# h_wait_emulator LOGDIR NAME PORT PID ARGS...: waits until the emulator h_launch_emulator started
# listens on PORT (and on the Unix socket given by --socket in ARGS).
h_wait_emulator() {
  local dir=$1 name=$2 port=$3 pid=$4
  shift 4
  local log="$dir/$name.emulator.log"
  h_wait_tcp "$port" "$pid" "the BES emulator ($name)" "$log"
  local arg prev=""
  for arg in "$@"; do
    if [[ "$prev" == --socket ]]; then
      h_wait_socket "$arg" "$pid" "the BES emulator ($name)" "$log"
    fi
    prev=$arg
  done
}

# h_warm_emulator ENDPOINT: JIT-warms the emulator with requests of its own, straight to it (not
# through the trace or the front end), so that the front end's measurements do not include the
# emulator's slow first requests: it takes about 2,000 requests for its answer time to settle
# near the real BES's (0.3 ms rather than several ms). H_EMU_WARMUP gets (default 2000; 0 skips).
h_warm_emulator() {
  local gets=${H_EMU_WARMUP:-2000}
  ((gets > 0)) || return 0
  h_python warm-bes "$1" --gets "$gets" --show-nodes 20 || h_die "warming the BES emulator at $1 failed"
}

# h_start_trace LOGDIR NAME BES(HOST:PORT|unix:PATH) LISTEN(tcp|unix) [TRACE_ARGS...]: starts the PPT
# trace proxy; sets H_TRACE_ENDPOINT (HOST:PORT or unix:PATH, for the front end) and H_TRACE_LOG.
h_start_trace() {
  local dir=$1 name=$2 bes=$3 listen=$4
  shift 4
  H_TRACE_LOG="$dir/$name.log"
  local log="$dir/$name.ppt-trace.out" port sock
  : > "$H_TRACE_LOG"
  if [[ "$listen" == unix ]]; then
    h_tmpdir
    sock="$H_TMP/trace.sock"
    h_start "trace $name" "$log" "$H_ROOT/scripts/ppt-trace" --listen-socket "$sock" --bes "$bes" \
      --log "$H_TRACE_LOG" "$@"
    h_wait_socket "$sock" "$H_LAST_PID" "the PPT trace proxy ($name)" "$log"
    H_TRACE_ENDPOINT="unix:$sock"
  else
    port=$(h_free_port)
    h_start "trace $name" "$log" "$H_ROOT/scripts/ppt-trace" --listen "$port" --bes "$bes" \
      --log "$H_TRACE_LOG" "$@"
    h_wait_tcp "$port" "$H_LAST_PID" "the PPT trace proxy ($name)" "$log"
    H_TRACE_ENDPOINT="127.0.0.1:$port"
  fi
}

# h_start_frontend LOGDIR NAME CONFIG_FILE [PORT] [TOMCAT]: starts the front end in a real Tomcat
# (scripts/serve in the foreground, in its own process group, with its own state directory) on
# PORT or a free port; TOMCAT is scripts/serve's --tomcat (11, the default; 10; or 9 with the
# javax WAR); sets H_BASE_URL once serve has printed it (serve prints it when the web application
# answers).
h_start_frontend() {
  local dir=$1 name=$2 config=$3 port=${4:-} tomcat=${5:-11}
  [[ -n "$port" ]] || port=$(h_free_port)
  h_launch_frontend "$dir" "$name" "$config" "$port" "$tomcat"
  h_wait_frontend "$dir" "$name" "$port" "$H_LAST_PID"
}

# h_launch_frontend LOGDIR NAME CONFIG_FILE PORT [TOMCAT]: starts the front end as h_start_frontend
# does, without waiting for it; sets H_LAST_PID and H_BASE_URL. Its logs are LOGDIR/NAME.serve.log
# and, once everything is stopped, LOGDIR/NAME.tomcat.log.
h_launch_frontend() {
  local dir=$1 name=$2 config=$3 port=$4 tomcat=${5:-11}
  H_BASE_URL="http://127.0.0.1:$port/opendap"
  h_tmpdir
  h_start "front end $name" "$dir/$name.serve.log" "$H_ROOT/scripts/serve" --port "$port" \
    --config "$config" --state-dir "$H_TMP/serve" --tomcat "$tomcat"
  h_keep "$H_TMP/serve/tomcat.log" "$dir/$name.tomcat.log"
}

# h_wait_frontend LOGDIR NAME PORT PID: waits until the front end h_launch_frontend started
# answers (serve prints its URL); sets H_BASE_URL.
h_wait_frontend() {
  local dir=$1 name=$2 port=$3 pid=$4
  local log="$dir/$name.serve.log" start=$SECONDS
  H_BASE_URL="http://127.0.0.1:$port/opendap"
  until grep -q -x "$H_BASE_URL/\?" "$log" 2>/dev/null; do
    h_alive "$pid" "the front end ($name)" "$log"
    ((SECONDS - start < 300)) || h_die "the front end ($name) did not start within 300 s (log: $log)"
    sleep 0.2
  done
}

# h_start_model LOGDIR NAME BES(HOST:PORT) MEMOIZED(on|off): starts the model of the OLFS of
# January 2009 (scripts/olfs-2009-model) on a free port; sets H_BASE_URL once it prints it.
h_start_model() {
  local dir=$1 name=$2 bes=$3 memoized=$4 port log start=$SECONDS args=()
  log="$dir/$name.model.log"
  port=$(h_free_port)
  H_BASE_URL="http://127.0.0.1:$port/opendap"
  [[ "$memoized" == on ]] && args+=(--memoized)
  h_start "2009 OLFS model $name" "$log" "$H_ROOT/scripts/olfs-2009-model" --bes "$bes" --port "$port" "${args[@]}"
  local pid=$H_LAST_PID
  until grep -q -x "$H_BASE_URL/" "$log" 2>/dev/null; do
    h_alive "$pid" "the 2009 OLFS model ($name)" "$log"
    ((SECONDS - start < 120)) || h_die "the 2009 OLFS model ($name) did not start within 120 s (log: $log)"
    sleep 0.1
  done
}

# h_count LOG: BES messages so far in a trace log.
# Waits until the figure is stable for 200 ms, so a message whose end the proxy is still logging
# is not missed.
h_count() {
  local source=$1 a b
  a=$(h_count_once "$source")
  while true; do
    sleep 0.2
    b=$(h_count_once "$source")
    [[ "$a" == "$b" ]] && break
    a=$b
  done
  echo "$a"
}

h_count_once() {
  h_python count-messages "$1"
}

# The configurations every script measures, in one place:
# name | baseline | emulator arguments | cache (off, datasource or on: olfs_config_write) |
# PPT client QUICKACK | transport | description
#   [| front end]
# The emulator writes like the BES (chunk header and payload apart, no TCP_NODELAY) unless told
# otherwise. The trace proxy stands where the front end's PPT client would: it re-arms QUICKACK
# toward the BES exactly when the front end would. The front end is ours in a real Tomcat
# (fastpath, the default) or the model of the OLFS of January 2009 (olfs-2009-model, with cache
# "on" meaning its --memoized mode), which needs the emulator's --show-info-2009.
H_CONFIGS=(
  "cache-off|cache-off||off|on|tcp|cache off: showNode and get for every request, TCP with QUICKACK"
  "cache-on|cache-off||datasource|on|tcp|cache on: one get per warm request, TCP with QUICKACK"
  "cache-on-unix|cache-off||datasource|on|unix|cache on, BES over its Unix socket"
  "response-cache|cache-off||on|on|tcp|response cache on too (the default): warm metadata and small data answers answered from memory, no BES message"
  "2009-cache-off|2009-cache-off||off|off|tcp|2009 conditions, cache off: plain TCP client, BES-faithful split writes (each message stalls ~40 ms)"
  "2009-cache-on|2009-cache-off||datasource|off|tcp|2009 conditions, cache on: plain TCP client, BES-faithful split writes"
  "2009-delay-cache-off|2009-delay-cache-off|--delay showNode=40|off|on|tcp|2009 service time, cache off: showNode takes 40 ms in the emulator"
  "2009-delay-cache-on|2009-delay-cache-off|--delay showNode=40|datasource|on|tcp|2009 service time, cache on: showNode takes 40 ms in the emulator"
  "2009-olfs-model|2009-olfs-model|--show-info-2009|off|off|tcp|the OLFS of January 2009 as a model (scripts/olfs-2009-model): four showInfo then the get per request, every message written header and document apart without TCP_NODELAY, to a BES that does the same|olfs-2009-model"
  "2009-olfs-model-memoized|2009-olfs-model|--show-info-2009|on|off|tcp|the same model with the 2009 study's patch: showInfo memoized, a warm request sends the get alone|olfs-2009-model"
)
H_REAL_BES=""
H_REAL_SOCKET=""

# h_config NAME: sets C_NAME C_BASELINE C_EMU C_CACHE C_QUICKACK C_TRANSPORT C_DESCRIPTION
# C_FRONTEND, or fails.
h_config() {
  local c
  for c in "${H_CONFIGS[@]}"; do
    if [[ "${c%%|*}" == "$1" ]]; then
      IFS='|' read -r C_NAME C_BASELINE C_EMU C_CACHE C_QUICKACK C_TRANSPORT C_DESCRIPTION C_FRONTEND <<< "$c"
      C_FRONTEND=${C_FRONTEND:-fastpath}
      return 0
    fi
  done
  h_die "unknown configuration '$1' (known: $(h_config_names | tr '\n' ' '))"
}

h_config_names() {
  local c
  for c in "${H_CONFIGS[@]}"; do echo "${c%%|*}"; done
}

# h_selected WANTED: the configuration names to run: WANTED (comma-separated, checked) or every
# one that can run against the BES in use (H_REAL_BES / H_REAL_SOCKET, else the emulator).
h_selected() {
  local wanted=$1 name
  if [[ -n "$wanted" ]]; then
    local list
    IFS=, read -r -a list <<< "$wanted"
    for name in "${list[@]}"; do h_config "$name"; echo "$name"; done
    return
  fi
  for name in $(h_config_names); do
    h_config "$name"
    if [[ -n "$H_REAL_BES" || -n "$H_REAL_SOCKET" ]]; then
      # A real BES: only what can reach it, and no service-time profile or 2009 showInfo (those
      # need the emulator).
      [[ "$C_EMU" == *--delay* || "$C_EMU" == *--show-info-2009* ]] && continue
      if [[ "$C_TRANSPORT" == unix ]]; then
        [[ -n "$H_REAL_SOCKET" ]] || continue
      else
        [[ -n "$H_REAL_BES" ]] || continue
      fi
    fi
    echo "$name"
  done
}

# h_start_config NAME LOGDIR TRACEDIR|"": starts the BES emulator (unless a real BES is used) and
# warms it, the PPT trace proxy when TRACEDIR is given, and the front end; sets H_BASE_URL and
# H_COUNT_SOURCE (the trace log, or empty without a trace).
h_start_config() {
  local name=$1 logs=$2 tracedir=$3
  h_config "$name"
  local emu bes sock trace_args=()
  read -r -a emu <<< "$C_EMU"
  H_COUNT_SOURCE=""
  if [[ "$C_TRANSPORT" == unix ]]; then
    bes=${H_REAL_SOCKET:+unix:$H_REAL_SOCKET}
    if [[ -z "$bes" ]]; then
      h_tmpdir
      sock="$H_TMP/bes.sock"
      h_start_emulator "$logs" "$name" --socket "$sock" "${emu[@]}"
      bes="unix:$sock"
      h_warm_emulator "$bes"
    fi
  else
    bes=$H_REAL_BES
    if [[ -z "$bes" ]]; then
      h_start_emulator "$logs" "$name" "${emu[@]}"
      bes="127.0.0.1:$H_EMU_PORT"
      h_warm_emulator "$bes"
    fi
  fi
  if [[ -n "$tracedir" ]]; then
    [[ "$C_QUICKACK" == off ]] && trace_args+=(--no-quickack)
    h_start_trace "$tracedir" "$name" "$bes" "$C_TRANSPORT" "${trace_args[@]}"
    bes=$H_TRACE_ENDPOINT
    H_COUNT_SOURCE=$H_TRACE_LOG
  fi
  if [[ "$C_FRONTEND" == olfs-2009-model ]]; then
    [[ -z "$H_REAL_BES$H_REAL_SOCKET" ]] || h_die "$name needs the BES emulator (a BES of today has no showInfo)"
    h_log "$name: starting the 2009 OLFS model (BES $bes, showInfo memoized: $C_CACHE)"
    h_start_model "$logs" "$name" "$bes" "$C_CACHE"
    return 0
  fi
  # Every load generator of the harness is one client address: shares off.
  olfs_config_write "$logs/$name.olfs.xml" "$bes" "$C_CACHE" "$C_QUICKACK" "" "" off
  h_log "$name: starting the front end (BES $bes, cache $C_CACHE, QUICKACK $C_QUICKACK)"
  h_start_frontend "$logs" "$name" "$logs/$name.olfs.xml"
}
