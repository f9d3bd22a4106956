package org.olfsfastpath.emulator;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The BES modules the emulator claims to have loaded, and what that decides: the returnAs values
 * with a transmitter, the get types with a response handler, and the showVersion listing.
 *
 * <p>By default it is the recorded BES 3.22.0 (asciival, csv, freeform, fileout_covjson,
 * fileout_json, functions, gateway, netcdf, dapreader, s3, usage, xml_data) plus fileout_netcdf,
 * which the recorded BES lacked but most installations have. Modules can be left out to answer like
 * a BES without them: without fileout_netcdf, {@code returnAs="netcdf"} gets the BES's "Unable to
 * find transmitter netcdf". The gdal module (GeoTIFF, JPEG2000) and the netCDF-4 side of
 * fileout_netcdf are never emulated, so {@code geotiff}, {@code jpeg2000} and {@code netcdf-4}
 * always get that error. Immutable.
 */
final class Modules {
  /** A module as showVersion lists it, with what it registers in the BES. */
  private record Module(
      String name, String version, List<String> transmitters, List<String> getTypes) {}

  /** In showVersion order: the BES sorts its request handlers by their names in bes.conf. */
  private static final List<Module> ALL =
      List.of(
          new Module("asciival", "4.3.2", List.of("ascii", "csv"), List.of()),
          new Module("csv_handler", "1.3.5", List.of(), List.of()),
          new Module("dap", "", List.of(), List.of()),
          new Module("freeform_handler", "3.11.5", List.of(), List.of()),
          new Module("fileout_covjson", "1.1.6", List.of("covjson"), List.of()),
          new Module("fileout_json", "1.2.5", List.of("json", "ijson"), List.of()),
          new Module("fileout_netcdf", "1.6.2", List.of("netcdf"), List.of()),
          new Module("functions", "1.1.8", List.of(), List.of()),
          new Module("gateway", "0.2.0", List.of(), List.of()),
          new Module("netcdf_handler", "3.13.4", List.of(), List.of()),
          new Module("dapreader_module", "0.0.1", List.of(), List.of()),
          new Module("s3_reader", "0.9.8", List.of(), List.of()),
          new Module("bes", "3.22.0", List.of(), List.of()),
          new Module("usage", "4.4.3", List.of(), List.of("info_page")),
          new Module("xml_data_handler", "1.3.1", List.of(), List.of("xml_data")));

  /** Modules the emulator never has; naming them in {@link #without} changes nothing. */
  static final Set<String> NEVER_LOADED = Set.of("gdal");

  /** What the generated datasets are: the emulator cannot do without them. */
  private static final Set<String> REQUIRED = Set.of("dap", "netcdf_handler");

  /** The get types of the DAP module and the BES itself. */
  private static final Set<String> CORE_GET_TYPES =
      Set.of("das", "dds", "ddx", "dods", "dataddx", "dmr", "dap", "stream");

  /** The DAP module's own transmitter names, which the BES always registers. */
  private static final Set<String> CORE_TRANSMITTERS = Set.of("dap2", "dap4");

  private final Set<String> absent;

  private Modules(Set<String> absent) {
    this.absent = Set.copyOf(absent);
  }

  /** Every module the emulator can claim, fileout_netcdf included. */
  static Modules all() {
    return new Modules(Set.of());
  }

  /**
   * These modules less the named ones.
   *
   * @throws IllegalArgumentException naming a module the emulator does not know, or one it cannot
   *     do without (dap, netcdf_handler)
   */
  Modules without(Set<String> names) {
    Set<String> left = new LinkedHashSet<>(absent);
    for (String name : names) {
      Objects.requireNonNull(name, "module name == null");
      if (REQUIRED.contains(name)) {
        throw new IllegalArgumentException(
            "module " + name + " cannot be left out: the emulator's datasets are what it serves");
      }
      if (!NEVER_LOADED.contains(name) && ALL.stream().noneMatch(m -> m.name().equals(name))) {
        throw new IllegalArgumentException(
            "unknown module " + name + ", expected one of " + String.join(", ", names()));
      }
      left.add(name);
    }
    return new Modules(left);
  }

  /** The names {@link #without} accepts. */
  static List<String> names() {
    List<String> names = new ArrayList<>();
    for (Module module : ALL) {
      if (!REQUIRED.contains(module.name())) {
        names.add(module.name());
      }
    }
    names.addAll(NEVER_LOADED);
    return names;
  }

  boolean has(String name) {
    return !absent.contains(name) && !NEVER_LOADED.contains(name);
  }

  /** Whether {@code returnAs} names a registered transmitter. */
  boolean isTransmitter(String returnAs) {
    if (CORE_TRANSMITTERS.contains(returnAs)) {
      return true;
    }
    return ALL.stream().anyMatch(m -> has(m.name()) && m.transmitters().contains(returnAs));
  }

  /** Whether {@code get type="..."} has a response handler. */
  boolean isGetType(String type) {
    if (CORE_GET_TYPES.contains(type)) {
      return true;
    }
    return ALL.stream().anyMatch(m -> has(m.name()) && m.getTypes().contains(type));
  }

  /** The showVersion answer: the administrator, the BES, then each loaded module in order. */
  XmlElement showVersion() {
    XmlElement version = new XmlElement("showVersion");
    version.child("Administrator").text(BesFacts.ADMINISTRATOR);
    version.child("library").attribute("name", "bes").attribute("version", BesFacts.BES_VERSION);
    for (Module module : ALL) {
      if (!has(module.name())) {
        continue;
      }
      if (module.name().equals("dap")) {
        version
            .child("library")
            .attribute("name", "libdap")
            .attribute("version", BesFacts.LIBDAP_VERSION);
        XmlElement dap = version.child("serviceVersion").attribute("name", "dap");
        dap.child("version").text("2.0");
        dap.child("version").text("3.0");
        dap.child("version").text("3.2");
      } else {
        version
            .child("module")
            .attribute("name", module.name())
            .attribute("version", module.version());
      }
    }
    return version;
  }

  @Override
  public String toString() {
    return absent.isEmpty() ? "Modules[all]" : "Modules[without " + String.join(",", absent) + "]";
  }
}
