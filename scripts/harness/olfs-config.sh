# Sourced by scripts/serve and scripts/harness/lib.sh: the one writer of the olfs.xml files the
# scripts give the front end.

# olfs_config_write FILE ENDPOINT CACHE [QUICKACK [DATA_ROOT]]
#   ENDPOINT  HOST:PORT, or unix:PATH for the BES's Unix socket
#   CACHE     on (both caches, the front end's default), datasource (the data-source cache alone:
#             one get per warm request) or off (every request asks showNode and get)
#   QUICKACK  on, off (the plain TCP client of the 2009 profile) or empty for the default (on)
#   DATA_ROOT the BES catalog root as this host sees it, for the cache's file checks; may be empty
olfs_config_write() {
  local file=$1 endpoint=$2 cache=$3 quickack=${4:-} data_root=${5:-}
  {
    echo '<?xml version="1.0" encoding="UTF-8"?>'
    echo '<OLFSConfig>'
    echo '  <BESManager>'
    echo '    <BES>'
    echo '      <prefix>/</prefix>'
    if [[ "$endpoint" != unix:* ]]; then
      echo "      <host>${endpoint%:*}</host>"
      echo "      <port>${endpoint##*:}</port>"
    fi
    echo '    </BES>'
    echo '  </BESManager>'
    echo '  <FastPath>'
    [[ "$endpoint" == unix:* ]] && echo "    <unixSocket>${endpoint#unix:}</unixSocket>"
    [[ -n "$data_root" ]] && echo "    <dataRoot>$data_root</dataRoot>"
    echo "    <Cache enabled=\"$([[ "$cache" == off ]] && echo false || echo true)\"/>"
    echo "    <ResponseCache enabled=\"$([[ "$cache" == on ]] && echo true || echo false)\"/>"
    [[ -n "$quickack" ]] && echo "    <ClientPool quickAck=\"$([[ "$quickack" == off ]] && echo false || echo true)\"/>"
    echo '  </FastPath>'
    echo '</OLFSConfig>'
  } > "$file"
}
