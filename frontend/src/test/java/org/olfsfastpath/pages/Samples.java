package org.olfsfastpath.pages;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.olfsfastpath.bes.BesProtocolException;
import org.olfsfastpath.cache.DataSource;

/** Small DMR and DDX documents written for these tests, shaped like the BES's answers. */
final class Samples {
  static final Instant T = Instant.parse("2026-11-22T01:52:59Z");
  static final Site SITE = new Site("http://example.org/opendap", FormType.DAP4, false);

  /** A DMR like coads_climatology.nc's, cut down: one coordinate and one grid-like variable. */
  static final String DMR =
      """
      <?xml version="1.0" encoding="ISO-8859-1"?>
      <Dataset xmlns="http://xml.opendap.org/ns/DAP/4.0#" dapVersion="4.0" dmrVersion="1.0" name="coads_climatology.nc">
          <Dimension name="COADSX" size="180"/>
          <Dimension name="TIME" size="12"/>
          <Float64 name="COADSX">
              <Dim name="/COADSX"/>
              <Attribute name="units" type="String"><Value>degrees_east</Value></Attribute>
          </Float64>
          <Float32 name="SST">
              <Dim name="/TIME"/>
              <Dim name="/COADSX"/>
              <Attribute name="long_name" type="String"><Value>SEA SURFACE TEMPERATURE</Value></Attribute>
              <Attribute name="units" type="String"><Value>Deg C</Value></Attribute>
              <Attribute name="_FillValue" type="Float32"><Value>-9.99999979e+33</Value></Attribute>
              <Map name="/TIME"/>
              <Map name="/COADSX"/>
          </Float32>
          <Attribute name="NC_GLOBAL" type="Container">
              <Attribute name="history" type="String"><Value>FERRET V4.30</Value></Attribute>
          </Attribute>
      </Dataset>
      """;

  /** The same dataset as a DDX, with SST a Grid. */
  static final String DDX =
      """
      <?xml version="1.0" encoding="ISO-8859-1"?>
      <Dataset name="coads_climatology.nc" xmlns="http://xml.opendap.org/ns/DAP/3.2#" dapVersion="3.2">
          <Attribute name="NC_GLOBAL" type="Container">
              <Attribute name="history" type="String"><value>FERRET V4.30</value></Attribute>
          </Attribute>
          <Array name="COADSX">
              <Attribute name="units" type="String"><value>degrees_east</value></Attribute>
              <Float64/>
              <dimension name="COADSX" size="180"/>
          </Array>
          <Grid name="SST">
              <Array name="SST">
                  <Attribute name="long_name" type="String"><value>SEA SURFACE TEMPERATURE</value></Attribute>
                  <Attribute name="units" type="String"><value>Deg C</value></Attribute>
                  <Float32/>
                  <dimension name="TIME" size="12"/>
                  <dimension name="COADSX" size="180"/>
              </Array>
              <Map name="TIME">
                  <Float64/>
                  <dimension name="TIME" size="12"/>
              </Map>
              <Map name="COADSX">
                  <Float64/>
                  <dimension name="COADSX" size="180"/>
              </Map>
          </Grid>
          <blob href="cid:"/>
      </Dataset>
      """;

  /** A DMR whose names and values try to break out of HTML, JSON and the constraint syntax. */
  static final String HOSTILE_DMR =
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <Dataset xmlns="http://xml.opendap.org/ns/DAP/4.0#" name="evil&lt;script&gt;.nc">
          <Dimension name="x" size="3"/>
          <Int32 name="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">
              <Dim name="/x"/>
              <Attribute name="long_name" type="String"><Value>&lt;script&gt;alert(1)&lt;/script&gt;</Value></Attribute>
              <Attribute name="units" type="String"><Value>&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt;</Value></Attribute>
          </Int32>
          <Attribute name="NC_GLOBAL" type="Container">
              <Attribute name="title" type="String"><Value>&lt;/script&gt;&lt;script&gt;alert(3)&lt;/script&gt;</Value></Attribute>
              <Attribute name="comment" type="String"><Value>&lt;script&gt;alert(1)&lt;/script&gt;</Value></Attribute>
          </Attribute>
      </Dataset>
      """;

  private Samples() {}

  static DatasetModel dmr() throws BesProtocolException {
    return DatasetParser.dmr(DMR.getBytes(StandardCharsets.ISO_8859_1));
  }

  static DatasetModel ddx() throws BesProtocolException {
    return DatasetParser.ddx(DDX.getBytes(StandardCharsets.ISO_8859_1));
  }

  static DatasetModel hostile() throws BesProtocolException {
    return DatasetParser.dmr(HOSTILE_DMR.getBytes(StandardCharsets.UTF_8));
  }

  /** The catalog entry of a dataset at {@code path}. */
  static DataSource dataset(String path, long size) {
    return new DataSource(path, true, T, size, false, List.of());
  }

  static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
