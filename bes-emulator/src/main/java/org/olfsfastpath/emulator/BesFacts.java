package org.olfsfastpath.emulator;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the emulated BES says about itself: its administrator, its configuration keys and its DAP
 * services. Which modules it has loaded, and so which transmitters and get types it offers, is
 * {@link Modules}'.
 */
final class BesFacts {
  /** The BES's SupportEmail, also the Administrator of every error document. */
  static final String ADMINISTRATOR = "support@opendap.org";

  /**
   * {@code BES.ServerAdministrator} as the BES 3.22 bes.conf ships it: one {@code key:value} per
   * value, in this order ({@code BES.ServerAdministrator=} then {@code +=} for each).
   */
  static final List<String> SERVER_ADMINISTRATOR =
      List.of(
          "email:" + ADMINISTRATOR,
          "organization:OPeNDAP Inc.",
          "street:165 NW Dean Knauss Dr.",
          "city:Narragansett",
          "region:RI",
          "postalCode:02882",
          "country:US",
          "telephone:+1.401.575.4835",
          "website:http://www.opendap.org");

  static final String BES_VERSION = "3.22.0";
  static final String LIBDAP_VERSION = "3.22.0";

  /** The get types the DAP module registers, with their showServiceDescriptions text, in order. */
  private static final List<Map.Entry<String, String>> DAP_SERVICES =
      List.of(
          Map.entry("dap", "OPeNDAP DAP4 Data Structure"),
          Map.entry("das", "OPeNDAP Data Attribute Structure"),
          Map.entry(
              "dataddx", "OPeNDAP Data Description and Attributes in DDX format and Data Object"),
          Map.entry("dds", "OPeNDAP Data Description Structure"),
          Map.entry("ddx", "OPeNDAP Data Description and Attribute XML Document"),
          Map.entry("dmr", "OPeNDAP Data DMR Structure"),
          Map.entry("dods", "OPeNDAP Data Object"),
          Map.entry("info_page", "OPeNDAP Data Information Page"));

  private BesFacts() {}

  /** The element the BES wraps an error in once a get's response handler has named itself. */
  static String getResponseName(String type) {
    return switch (type) {
      case "das" -> "getDAS";
      case "dds" -> "getDDS";
      case "ddx" -> "getDDX";
      case "dods" -> "getDODS";
      case "dataddx" -> "getDataDDX";
      case "dmr" -> "getDMR";
      case "dap" -> "getDAP";
      case "info_page" -> "getInfoPage";
      case "xml_data" -> "getXml_data";
      case "stream" -> "getStream";
      default -> "BES";
    };
  }

  /** The response name BESDapTransmit puts in "libdap error transmitting NAME: ...". */
  static String transmitName(String type) {
    return switch (type) {
      case "das" -> "DAS";
      case "dds" -> "DDS";
      case "ddx" -> "DDX";
      case "dods" -> "DataDDS";
      case "dataddx" -> "DataDDX";
      case "dmr" -> "DMR";
      case "dap" -> "DAP4Data";
      default -> type;
    };
  }

  /** A BES configuration key's values, as showBesKey reports them. */
  static Optional<List<String>> besKey(String key, String catalogRoot) {
    return Optional.ofNullable(
        switch (key) {
          case "SupportEmail", "BES.ServerAdministrator.email" -> List.of(ADMINISTRATOR);
          case "BES.ServerAdministrator" -> SERVER_ADMINISTRATOR;
          case "BES.Catalog.catalog.RootDirectory", "BES.Data.RootDirectory" ->
              List.of(catalogRoot);
          case "BES.ProcessManagerMethod" -> List.of("multiple");
          case "BES.FollowSymLinks" -> List.of("No");
          case "BES.Catalog.catalog.Exclude" -> List.of("^\\..*;");
          default -> null;
        });
  }

  static XmlElement showServiceDescriptions() {
    XmlElement descriptions = new XmlElement("showServiceDescriptions");
    XmlElement dap = descriptions.child("serviceDescription").attribute("name", "dap");
    for (Map.Entry<String, String> service : DAP_SERVICES) {
      XmlElement command = dap.child("command").attribute("name", service.getKey());
      command.child("description").text(service.getValue());
      command.child("format").attribute("name", "dap");
    }
    return descriptions;
  }
}
