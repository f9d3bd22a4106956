package org.olfsfastpath.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Everything of an upstream olfs.xml that is not implemented is named, with what to do. */
final class IgnoredSettingsTest {
  /** An olfs.xml as a Hyrax install leaves it, with a few more upstream settings. */
  private static final String UPSTREAM =
      """
      <OLFSConfig>
        <BESManager>
          <BES name="main">
            <prefix>/</prefix><host>localhost</host><port>10022</port><timeOut>300</timeOut>
            <maxResponseSize units="G">0</maxResponseSize>
            <maxVariableSize units="M">0</maxVariableSize>
            <ClientPool maximum="200" maxCmds="2000"/>
          </BES>
          <BES name="second"><prefix>/</prefix><host>bes2</host><port>10022</port></BES>
          <NodeCache maxEntries="20000" refreshInterval="600"/>
          <SiteMapCache refreshInterval="600" cacheFile="/tmp/SiteMap.cache"/>
        </BESManager>
        <ThreddsService prefix="thredds" useMemoryCache="true"/>
        <GatewayService prefix="gateway"/>
        <DatasetUrlResponse type="download"/>
        <DataRequestForm type="dap4"/>
        <AllowDirectDataSourceAccess/>
        <ForceLinksToHttps/>
        <HttpPost enabled="true" max="2000000"/>
        <EnableCombinedLog/>
        <NoDynamicNavigation/>
        <BotFilter>
          <IpAddress>192.0.2.7</IpAddress>
          <UserAgentMatch>foo.*</UserAgentMatch>
        </BotFilter>
        <Timer enabled="false"/>
        <Frobnicate><Deeper/></Frobnicate>
        <FastPath><Gzip enabled="true"/></FastPath>
      </OLFSConfig>
      """;

  @Test
  void upstreamFile_everyUnimplementedPartNamedOnce_inFileOrder() {
    List<IgnoredSettings.Ignored> ignored = Built.parse(UPSTREAM).ignored();
    assertEquals(
        List.of(
            "BESManager/BES@name",
            "BESManager/SiteMapCache@cacheFile",
            "ThreddsService",
            "GatewayService",
            "ForceLinksToHttps",
            "NoDynamicNavigation",
            "Timer",
            "Frobnicate"),
        ignored.stream().map(IgnoredSettings.Ignored::setting).toList());
    String thredds = ignored.get(2).instead();
    assertTrue(thredds.contains("upstream OLFS"), thredds);
    assertEquals("not a setting this front end knows", ignored.get(7).instead());
  }

  @Test
  void everySettingOfTheTable_isKnown() {
    assertEquals(
        List.of(),
        Built.parse(
                """
        <OLFSConfig>
          <BESManager>
            <BES weight="2"><prefix>/</prefix><host>h</host><port>1</port><timeOut>3</timeOut>
              <maxResponseSize units="K">1</maxResponseSize><maxVariableSize>1</maxVariableSize>
              <ClientPool maximum="2" maxCmds="3"/></BES>
            <NodeCache maxEntries="1" refreshInterval="1"/>
            <SiteMapCache refreshInterval="1"/>
          </BESManager>
          <DatasetUrlResponse type="dsr"/><DataRequestForm type="dap2"/>
          <AllowDirectDataSourceAccess/><AddFileoutTypeSuffixToDownloadFilename/>
          <HttpPost enabled="false" max="1"/>
          <BotFilter><IpAddress>192.0.2.1</IpAddress><IpMatch>x</IpMatch>
            <UserAgentMatch>y</UserAgentMatch><AllowedResponseRegex>z</AllowedResponseRegex>
            <BlockedResponseRegex>w</BlockedResponseRegex><BlockImagesAndCss/></BotFilter>
        </OLFSConfig>
        """)
            .ignored());
  }

  @Test
  void botBlocker_isKnownAlone_andNamedBesideABotFilter() {
    assertEquals(
        List.of(),
        Built.parse(
                "<OLFSConfig><BotBlocker><IpAddress>192.0.2.1</IpAddress>"
                    + "</BotBlocker></OLFSConfig>")
            .ignored());
    List<IgnoredSettings.Ignored> both =
        Built.parse(
                "<OLFSConfig><BotFilter/><BotBlocker>"
                    + "<IpAddress>192.0.2.1</IpAddress></BotBlocker></OLFSConfig>")
            .ignored();
    assertEquals(
        List.of("BotBlocker"), both.stream().map(IgnoredSettings.Ignored::setting).toList());
  }

  @Test
  void defaults_ignoreNothing() {
    assertEquals(List.of(), OlfsConfigFile.defaults().ignored());
  }

  @Test
  void ignoredSettings_namesAndOrder() {
    List<Object> list =
        IgnoredSettings.statusSection(
            List.of(
                new IgnoredSettings.Ignored("ThreddsService", "keep it upstream"),
                new IgnoredSettings.Ignored("Timer", "see the metrics")));
    assertEquals(2, list.size());
    Map<?, ?> first = (Map<?, ?>) list.get(0);
    assertEquals(List.of("setting", "instead"), List.copyOf(first.keySet()));
    assertEquals(List.of("ThreddsService", "keep it upstream"), List.copyOf(first.values()));
    assertEquals("Timer", ((Map<?, ?>) list.get(1)).get("setting"));
  }
}
