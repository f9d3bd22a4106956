# Sourced by scripts/bes-emulator and scripts/ppt-trace: runs one of the project's tools from
# target/classes with the runtime classpath, building both first when they are missing or older
# than the sources. h_build (lib.sh) makes the same files, so a tool started after it needs no
# Maven run of its own.

tool_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
tool_classes="$tool_root/target/classes"
tool_classpath_file="$tool_root/target/classpath.txt"
# Touched after each build: Maven leaves unchanged classes alone, so their own times cannot tell
# whether a source changed since.
tool_stamp="$tool_root/target/tools.stamp"

# The Maven goal and flags that write the runtime classpath, after a goal that compiles; touch
# $tool_stamp once they succeed.
TOOL_CLASSPATH_ARGS=(dependency:build-classpath -DincludeScope=runtime
  "-Dmdep.outputFile=$tool_classpath_file")

tool_needs_build() {
  [[ ! -f "$tool_stamp" || ! -f "$tool_classpath_file" ]] && return 0
  [[ "$tool_root/pom.xml" -nt "$tool_stamp" ]] && return 0
  [[ -n "$(find "$tool_root/src/main/java" -newer "$tool_stamp" -name '*.java' -print -quit)" ]]
}

# tool_exec NAME MAIN_CLASS JAVA_OPTIONS ARGS...: builds if needed, then execs the tool.
tool_exec() {
  local name=$1 main=$2 java_options=$3
  shift 3
  if tool_needs_build; then
    echo "$name: building the project (mvn compile)..." >&2
    (cd "$tool_root" && mvn -q -B -ntp -DskipTests compile "${TOOL_CLASSPATH_ARGS[@]}" && touch "$tool_stamp") >&2
  fi
  # shellcheck disable=SC2086 # the options are a space-separated list, as JAVA_OPTS always is
  exec java $java_options -cp "$tool_classes:$(cat "$tool_classpath_file")" "$main" "$@"
}
