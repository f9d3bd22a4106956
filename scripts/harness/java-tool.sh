# The project's layout as the scripts see it, in one place: where the build puts the WAR, the
# harness jar with its runtime libraries (the BES emulator's jar among them), and the Tomcat
# distributions; and tool_exec, which runs the emulator or a harness tool, building the harness
# module (and the bes-emulator module it needs) first when its jar is missing or older than the
# sources.
# Sourced by scripts/bes-emulator, scripts/ppt-trace, scripts/serve, scripts/soak and lib.sh.

tool_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# The parent pom's own version (the first <version> after its <artifactId>).
tool_version="$(sed -n '/<artifactId>olfs-fastpath-parent<\/artifactId>/,/<\/version>/s:.*<version>\(.*\)</version>.*:\1:p' "$tool_root/pom.xml" | head -1)"
# The WAR (module webapp) and the harness (module harness: the jar and its runtime libraries in
# lib/, the bes-emulator module's jar among them).
FP_WAR="$tool_root/webapp/target/olfs-fastpath-$tool_version.war"
FP_HARNESS_JAR="$tool_root/harness/target/olfs-fastpath-harness-$tool_version.jar"
FP_HARNESS_CLASSPATH="$FP_HARNESS_JAR:$tool_root/harness/target/lib/*"

# fp_property NAME: a property of the parent pom, e.g. tomcat.version.
fp_property() {
  sed -n "s:.*<$1>\(.*\)</$1>.*:\1:p" "$tool_root/pom.xml" | head -1
}

# The same WAR rewritten for javax.servlet (Tomcat 9), built by the webapp-javax module.
FP_JAVAX_WAR="$tool_root/webapp-javax/target/olfs-fastpath-$tool_version-javax.war"

# fp_tomcat_home MAJOR(11|10|9): where `mvn -pl webapp dependency:unpack@unpack-tomcat` (Tomcat 11
# and 10.1) or `mvn -pl webapp-javax dependency:unpack@unpack-tomcat9` (Tomcat 9) puts Tomcat.
fp_tomcat_home() {
  case "$1" in
    9) echo "$tool_root/webapp-javax/target/tomcat-dist/apache-tomcat-$(fp_property tomcat9.version)" ;;
    10*) echo "$tool_root/webapp/target/tomcat-dist/apache-tomcat-$(fp_property tomcat10.version)" ;;
    *) echo "$tool_root/webapp/target/tomcat-dist/apache-tomcat-$(fp_property tomcat.version)" ;;
  esac
}

# fp_stale FILE DIR...: whether FILE is missing or older than a pom or a file under the DIRs.
fp_stale() {
  local file=$1
  shift
  [[ ! -f "$file" ]] && return 0
  [[ -n "$(find "$tool_root/pom.xml" "$@" -newer "$file" -type f -print -quit)" ]]
}

tool_needs_build() {
  fp_stale "$FP_HARNESS_JAR" "$tool_root/ppt/pom.xml" "$tool_root/ppt/src/main" \
    "$tool_root/bes-emulator/pom.xml" "$tool_root/bes-emulator/src/main" \
    "$tool_root/harness/pom.xml" "$tool_root/harness/src/main"
}

# tool_build: packages the harness module (and the modules it needs), tests skipped.
tool_build() {
  (cd "$tool_root" && mvn -q -B -ntp -DskipTests -pl harness -am package) >&2
}

# tool_exec NAME MAIN_CLASS JAVA_OPTIONS ARGS...: builds if needed, then execs the tool.
tool_exec() {
  local name=$1 main=$2 java_options=$3
  shift 3
  command -v java >/dev/null || { echo "$name: java is missing (a JDK 17, Debian package openjdk-17-jdk-headless; run scripts/setup)" >&2; exit 1; }
  if tool_needs_build; then
    command -v mvn >/dev/null || { echo "$name: mvn is missing to build the harness (Debian package maven; run scripts/setup)" >&2; exit 1; }
    echo "$name: building the harness and the emulator (mvn -pl harness -am package)..." >&2
    tool_build
  fi
  # shellcheck disable=SC2086 # the options are a space-separated list, as JAVA_OPTS always is
  exec java $java_options -cp "$FP_HARNESS_CLASSPATH" "$main" "$@"
}
