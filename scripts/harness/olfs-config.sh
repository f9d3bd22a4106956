# Sourced by scripts/serve and scripts/harness/lib.sh: the one writer of the olfs.xml files the
# scripts give the front end.

# olfs_config_write FILE ENDPOINTS CACHE [QUICKACK [DATA_ROOT [DATA_TYPES [SHARES [FASTPATH_XML]]]]]
#   ENDPOINTS HOST:PORT, or unix:PATH for the BES's Unix socket; or several HOST:PORT separated by
#             commas: one <BES> each, all of prefix /, one group the front end balances
#   CACHE     on (both caches, the front end's default; also when empty), datasource (the
#             data-source cache alone: one get per warm request) or off (every request asks
#             showNode and get)
#   QUICKACK  on, off (the plain TCP client of the 2009 profile) or empty for the default (on)
#   DATA_ROOT the BES catalog root as this host sees it, for the cache's file checks; may be empty
#   DATA_TYPES which data answers the response cache keeps: empty for the front end's default,
#             `none` for none (dataTypes="", said explicitly so that it holds whatever the default
#             is), or a list such as `dods ascii`
#   SHARES    on (the default: each client address keeps to its share of the BES connections) or
#             off (clientShare 100%): for a load generator, every one of whose connections comes
#             from this one address, so that it measures the server rather than one client's share
#   FASTPATH_XML  more of the FastPath section as it is, e.g. an <Access .../> element (login)
olfs_config_write() {
  local file=$1 endpoints=$2 cache=${3:-on} quickack=${4:-} data_root=${5:-} data_types=${6:-}
  local shares=${7:-on} fastpath_xml=${8:-} endpoint list response_cache
  IFS=, read -r -a list <<< "$endpoints"
  if ((${#list[@]} > 1)); then
    for endpoint in "${list[@]}"; do
      if [[ "$endpoint" == unix:* || ! "$endpoint" =~ ^[^:]+:[0-9]+$ ]]; then
        echo "olfs_config_write: several BES must each be HOST:PORT, was '$endpoint'" >&2
        return 1
      fi
    done
  fi
  {
    echo '<?xml version="1.0" encoding="UTF-8"?>'
    echo '<OLFSConfig>'
    echo '  <BESManager>'
    for endpoint in "${list[@]}"; do
      echo '    <BES>'
      echo '      <prefix>/</prefix>'
      if [[ "$endpoint" != unix:* ]]; then
        echo "      <host>${endpoint%:*}</host>"
        echo "      <port>${endpoint##*:}</port>"
      fi
      echo '    </BES>'
    done
    echo '  </BESManager>'
    echo '  <FastPath>'
    [[ "$endpoints" == unix:* ]] && echo "    <unixSocket>${endpoints#unix:}</unixSocket>"
    [[ -n "$data_root" ]] && echo "    <dataRoot>$data_root</dataRoot>"
    echo "    <Cache enabled=\"$([[ "$cache" == off ]] && echo false || echo true)\"/>"
    response_cache="enabled=\"$([[ "$cache" == on ]] && echo true || echo false)\""
    if [[ "$data_types" == none ]]; then
      response_cache+=' dataTypes=""'
    elif [[ -n "$data_types" ]]; then
      response_cache+=" dataTypes=\"$data_types\""
    fi
    echo "    <ResponseCache $response_cache/>"
    [[ -n "$quickack" ]] && echo "    <ClientPool quickAck=\"$([[ "$quickack" == off ]] && echo false || echo true)\"/>"
    [[ "$shares" == off ]] && echo '    <BesGroups clientShare="100%"/>'
    [[ -n "$fastpath_xml" ]] && echo "    $fastpath_xml"
    echo '  </FastPath>'
    echo '</OLFSConfig>'
  } > "$file"
}
