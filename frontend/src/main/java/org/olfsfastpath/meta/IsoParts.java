package org.olfsfastpath.meta;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Map;
import org.jdom2.Element;
import org.jdom2.Namespace;
import org.jspecify.annotations.Nullable;
import org.olfsfastpath.meta.DiscoveryRecord.Link;
import org.olfsfastpath.meta.DiscoveryRecord.Party;

/**
 * The small ISO 19139 pieces {@link IsoWriter} builds its record from: strings, code lists, dates,
 * responsible parties and online resources, each in the element order of the ISO schemas.
 */
final class IsoParts {
  static final Namespace GMI = Namespace.getNamespace("gmi", "http://www.isotc211.org/2005/gmi");
  static final Namespace GMD = Namespace.getNamespace("gmd", "http://www.isotc211.org/2005/gmd");
  static final Namespace GCO = Namespace.getNamespace("gco", "http://www.isotc211.org/2005/gco");
  static final Namespace GML = Namespace.getNamespace("gml", "http://www.opengis.net/gml/3.2");

  /** ISO's own code list catalogue (upstream and ncISO point at NOAA's copy). */
  private static final String CODE_LISTS =
      "http://standards.iso.org/iso/19139/resources/gmxCodelists.xml#";

  private IsoParts() {}

  static Element gmd(String name) {
    return new Element(name, GMD);
  }

  /** {@code <gmd:name><gco:CharacterString>text</gco:CharacterString></gmd:name>}. */
  static Element string(String name, String text) {
    return gmd(name).addContent(new Element("CharacterString", GCO).setText(text));
  }

  /** {@code <gmd:name gco:nilReason="reason"/>}: a mandatory element with no value. */
  static Element nil(String name, String reason) {
    return gmd(name).setAttribute("nilReason", reason, GCO);
  }

  /** A property holding a code list value, e.g. {@code CI_RoleCode} {@code originator}. */
  static Element code(String property, String codeList, String value) {
    return gmd(property)
        .addContent(
            gmd(codeList)
                .setAttribute("codeList", CODE_LISTS + codeList)
                .setAttribute("codeListValue", value)
                .setText(value));
  }

  /** A date as {@code gco:Date} or {@code gco:DateTime}, its year as XSD 1.0 writes it. */
  static Element date(String property, IsoTime time) {
    return gmd(property)
        .addContent(new Element(time.hasTime() ? "DateTime" : "Date", GCO).setText(time.xsd10()));
  }

  /** A {@code gmd:date} of a citation with its type: creation, publication or revision. */
  static Element citationDate(IsoTime time, String type) {
    return gmd("date")
        .addContent(
            gmd("CI_Date")
                .addContent(date("date", time))
                .addContent(code("dateType", "CI_DateTypeCode", type)));
  }

  /** Whether {@code text} is an absolute http or https URL, which {@code gmd:URL} can carry. */
  static boolean isWebUrl(String text) {
    try {
      URI uri = new URI(text);
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      return (scheme.equals("http") || scheme.equals("https")) && uri.getRawAuthority() != null;
    } catch (URISyntaxException e) {
      return false;
    }
  }

  /** An online resource: linkage, protocol, name, description, function. */
  static Element onlineResource(Link link) {
    Element resource =
        gmd("CI_OnlineResource")
            .addContent(gmd("linkage").addContent(gmd("URL").setText(link.url())))
            .addContent(string("protocol", link.protocol()))
            .addContent(string("name", link.name()))
            .addContent(string("description", link.description()))
            .addContent(
                code(
                    "function",
                    "CI_OnLineFunctionCode",
                    link.download() ? "download" : "information"));
    return gmd("onLine").addContent(resource);
  }

  /**
   * A {@code CI_ResponsibleParty} in property {@code property} with {@code role}: a person's
   * individualName and organisationName, or an organisation's name; contact by e-mail, web page
   * and, for the BES's administrator, address and telephone.
   */
  static Element party(String property, Party party, String role) {
    Element p = gmd("CI_ResponsibleParty");
    String organisation = party.isPerson() ? party.institution() : party.name();
    if (party.isPerson() && !party.name().isEmpty()) {
      p.addContent(
          string(
              party.type().equals("position") ? "positionName" : "individualName", party.name()));
    }
    if (!organisation.isEmpty()) {
      p.addContent(string("organisationName", organisation));
    }
    Element contact = gmd("CI_Contact");
    Map<String, String> address = party.address();
    if (address.containsKey("telephone")) {
      contact.addContent(
          gmd("phone")
              .addContent(
                  gmd("CI_Telephone").addContent(string("voice", address.get("telephone")))));
    }
    if (!party.email().isEmpty() || address.containsKey("city") || address.containsKey("street")) {
      Element a = gmd("CI_Address");
      addIf(a, "deliveryPoint", address.get("street"));
      addIf(a, "city", address.get("city"));
      addIf(a, "administrativeArea", address.get("region"));
      addIf(a, "postalCode", address.get("postalcode"));
      addIf(a, "country", address.get("country"));
      addIf(a, "electronicMailAddress", party.email());
      contact.addContent(gmd("address").addContent(a));
    }
    if (isWebUrl(party.url())) {
      contact.addContent(
          gmd("onlineResource")
              .addContent(
                  gmd("CI_OnlineResource")
                      .addContent(gmd("linkage").addContent(gmd("URL").setText(party.url())))));
    }
    if (contact.getContentSize() > 0) {
      p.addContent(gmd("contactInfo").addContent(contact));
    }
    p.addContent(code("role", "CI_RoleCode", role));
    return gmd(property).addContent(p);
  }

  private static void addIf(Element parent, String name, @Nullable String value) {
    if (value != null && !value.isEmpty()) {
      parent.addContent(string(name, value));
    }
  }
}
