package org.olfsfastpath.checks;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.domain.properties.HasName;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * The layer rule, as the README states it. The front end's layers depend in one direction: {@code
 * spec} (the settings grammar) and {@code json} (the JSON writer), usable by every layer, and
 * {@code ppt} (the wire) at the bottom, then {@code bes} (commands, pool, groups), {@code cache},
 * {@code dap} with {@code pages} (URL to request, response vocabulary, pages), {@code meta} (the
 * discovery records: ISO 19115-2, DCAT, schema.org, the rubric, built from {@code pages}' models),
 * {@code web} (the request path: the DAP servlet, its responders, the bot filter), {@code ops}
 * (status, metrics, JMX, warm-up: it reads web's statistics) and {@code boot} on top. {@code boot}
 * is the composition root: it reads olfs.xml and builds every layer's object, so it may see the
 * builders of every layer below (in {@code Assembly} alone); nothing depends on it. {@code dap},
 * {@code pages} and {@code meta} see only value types of {@code bes} and {@code cache} (records,
 * enums, exceptions), never a client, pool or cache, and {@code cache} sees only value types of
 * {@code bes}. {@code spool} (where the answers of clients that fall behind wait) stands beside the
 * layers with nothing of ours but {@code spec} and {@code json}, and only {@code web}, {@code ops}
 * and {@code boot} use it. Routing (a command to a group, a path without its prefix) happens in
 * {@code bes} alone. Only {@code web}, {@code ops} and {@code boot} touch the servlet API. The BES
 * emulator, the harness (trace, soak, Tomcat launcher, the 2009 model) and the test support may use
 * {@code ppt}, {@code spec} and {@code json}, and nothing of the front end depends on them; {@code
 * spec} and {@code json} depend on nothing of ours.
 */
final class LayerRuleTest {
  private static final String[] TOOLS = {
    "org.olfsfastpath.emulator..",
    "org.olfsfastpath.trace..",
    "org.olfsfastpath.soak..",
    "org.olfsfastpath.tomcat..",
    "org.olfsfastpath.testing..",
    "org.olfsfastpath.model2009.."
  };

  static final ArchRule layers =
      layeredArchitecture()
          .consideringOnlyDependenciesInLayers()
          .layer("spec")
          .definedBy("org.olfsfastpath.spec..")
          .layer("json")
          .definedBy("org.olfsfastpath.json..")
          .layer("ppt")
          .definedBy("org.olfsfastpath.ppt..")
          .layer("bes")
          .definedBy("org.olfsfastpath.bes..")
          .layer("cache")
          .definedBy("org.olfsfastpath.cache..")
          .layer("dap")
          .definedBy("org.olfsfastpath.dap..", "org.olfsfastpath.pages..")
          .layer("meta")
          .definedBy("org.olfsfastpath.meta..")
          .layer("spool")
          .definedBy("org.olfsfastpath.spool..")
          .layer("log")
          .definedBy("org.olfsfastpath.log..")
          .layer("http")
          .definedBy("org.olfsfastpath.http..")
          .layer("web")
          .definedBy("org.olfsfastpath.web..")
          .layer("ops")
          .definedBy("org.olfsfastpath.ops..")
          .layer("boot")
          .definedBy("org.olfsfastpath.boot..")
          .layer("tools")
          .definedBy(TOOLS)
          .whereLayer("boot")
          .mayNotBeAccessedByAnyLayer()
          .whereLayer("ops")
          .mayOnlyBeAccessedByLayers("boot")
          .whereLayer("web")
          .mayOnlyBeAccessedByLayers("ops", "boot")
          .whereLayer("meta")
          .mayOnlyBeAccessedByLayers("web", "ops", "boot")
          .whereLayer("dap")
          .mayOnlyBeAccessedByLayers("meta", "web", "ops", "boot")
          .whereLayer("spool")
          .mayOnlyBeAccessedByLayers("web", "ops", "boot")
          .whereLayer("log")
          .mayOnlyBeAccessedByLayers("web", "ops", "boot")
          .whereLayer("http")
          .mayOnlyBeAccessedByLayers("web", "ops", "boot")
          .whereLayer("cache")
          .mayOnlyBeAccessedByLayers("dap", "meta", "web", "ops", "boot")
          .whereLayer("bes")
          .mayOnlyBeAccessedByLayers("cache", "dap", "meta", "web", "ops", "boot")
          .whereLayer("ppt")
          .mayOnlyBeAccessedByLayers("bes", "web", "ops", "boot", "tools")
          .whereLayer("tools")
          .mayNotBeAccessedByAnyLayer()
          .because("each layer calls only the layers below it, and boot is the composition root");

  /** The front end's three top floors: the request path, operations and start-up. */
  private static final String[] SERVLET_SIDE = {
    "org.olfsfastpath.web..", "org.olfsfastpath.ops..", "org.olfsfastpath.boot.."
  };

  /** The streaming answer of a get, which the response cache reads. */
  private static final String BES_RESPONSE = "org.olfsfastpath.bes.BesResponse";

  /** A type whose instances are plain values: a record, an enum, or an exception. */
  private static final DescribedPredicate<JavaClass> VALUE_TYPE =
      DescribedPredicate.describe(
          "a record, an enum or an exception",
          c -> c.isRecord() || c.isEnum() || c.isAssignableTo(Throwable.class));

  static final ArchRule dapSeesOnlyValueTypesBelow =
      noClasses()
          .that()
          .resideInAnyPackage(
              "org.olfsfastpath.dap..", "org.olfsfastpath.pages..", "org.olfsfastpath.meta..")
          .should()
          .dependOnClassesThat(
              resideInAnyPackage("org.olfsfastpath.bes..", "org.olfsfastpath.cache..")
                  .and(not(VALUE_TYPE)))
          .because(
              "the response vocabulary works on values; clients, pools and caches are the"
                  + " composition root's to wire");

  static final ArchRule cacheSeesOnlyValueTypesOfBes =
      noClasses()
          .that()
          .resideInAnyPackage("org.olfsfastpath.cache..")
          .should()
          .dependOnClassesThat(
              resideInAnyPackage("org.olfsfastpath.bes..")
                  .and(not(VALUE_TYPE))
                  .and(not(HasName.Predicates.name(BES_RESPONSE))))
          .because(
              "the caches reach the BES only through the loaders the composition root gives"
                  + " them (router::showNode, router::get), and keep only its answers (a get's"
                  + " answer arrives as the BesResponse it streams in)");

  /** A call that sends a BES command to one group, or rewrites a path for one: routing. */
  private static final DescribedPredicate<JavaMethodCall> ROUTING =
      DescribedPredicate.describe(
          "routes a BES command (BesRouter.route, BesGroup.send, a path rewritten for a group)",
          call -> {
            String owner = call.getTargetOwner().getName();
            String name = call.getName();
            return owner.equals("org.olfsfastpath.bes.BesRouter") && name.equals("route")
                || owner.equals("org.olfsfastpath.bes.BesGroup") && name.equals("send")
                || (owner.equals("org.olfsfastpath.bes.GetRequest")
                        || owner.equals("org.olfsfastpath.bes.BesCommand"))
                    && name.equals("withPath");
          });

  static final ArchRule webDoesNotRoute =
      noClasses()
          .that()
          .resideInAnyPackage(SERVLET_SIDE)
          .should()
          .callMethodWhere(ROUTING)
          .because("the BES router takes whole catalog paths: routing lives in bes");

  /** A call that builds a layer's object: a builder's entry point or the router's. */
  private static final DescribedPredicate<JavaMethodCall> BUILDS_A_LAYER =
      DescribedPredicate.describe(
          "builds a bes, cache or ppt object",
          call -> {
            String owner = call.getTargetOwner().getName();
            String name = call.getName();
            boolean builder = name.equals("newBuilder") || name.equals("from");
            return builder
                    && (owner.equals("org.olfsfastpath.bes.BesClient")
                        || owner.equals("org.olfsfastpath.bes.BesGroup")
                        || owner.equals("org.olfsfastpath.cache.DataSourceCache")
                        || owner.equals("org.olfsfastpath.cache.ResponseCache")
                        || owner.equals("org.olfsfastpath.ppt.PptOptions")
                        || owner.equals("org.olfsfastpath.spool.Spool"))
                || owner.equals("org.olfsfastpath.bes.BesRouter") && name.equals("of");
          });

  static final ArchRule onlyTheAssemblyBuildsTheLayers =
      noClasses()
          .that()
          .resideInAnyPackage(SERVLET_SIDE)
          .and()
          .doNotHaveFullyQualifiedName("org.olfsfastpath.boot.Assembly")
          .should()
          .callMethodWhere(BUILDS_A_LAYER)
          .because(
              "the object graph is wired in one place: Assembly builds each layer's object from"
                  + " its part of olfs.xml");

  static final ArchRule onlyWebTouchesTheServletApi =
      noClasses()
          .that()
          .resideOutsideOfPackages(SERVLET_SIDE)
          .and()
          .resideOutsideOfPackages(TOOLS)
          .should()
          .dependOnClassesThat(resideInAnyPackage("jakarta.servlet.."))
          .because(
              "only web, ops and boot speak HTTP; the layers below are tested without a servlet");

  static final ArchRule cacheDoesNotReachTheWire =
      noClasses()
          .that()
          .resideInAnyPackage(
              "org.olfsfastpath.cache..",
              "org.olfsfastpath.dap..",
              "org.olfsfastpath.pages..",
              "org.olfsfastpath.meta..")
          .should()
          .dependOnClassesThat(resideInAnyPackage("org.olfsfastpath.ppt.."))
          .because("above the bes layer nothing sees a socket or a PPT type");

  static final ArchRule specDependsOnNothingOfOurs =
      noClasses()
          .that()
          .resideInAnyPackage("org.olfsfastpath.spec..")
          .should()
          .dependOnClassesThat(
              resideInAnyPackage("org.olfsfastpath..")
                  .and(not(resideInAnyPackage("org.olfsfastpath.spec.."))))
          .because("every layer may use the settings grammar");

  static final ArchRule spoolDependsOnlyOnSpecAndJson =
      noClasses()
          .that()
          .resideInAnyPackage("org.olfsfastpath.spool..")
          .should()
          .dependOnClassesThat(
              resideInAnyPackage("org.olfsfastpath..")
                  .and(
                      not(
                          resideInAnyPackage(
                              "org.olfsfastpath.spool..",
                              "org.olfsfastpath.spec..",
                              "org.olfsfastpath.json.."))))
          .because("the spool holds bytes for a client: no BES type, no servlet, no cache");

  static final ArchRule logAndHttpDependOnlyOnSpecAndJson =
      noClasses()
          .that()
          .resideInAnyPackage("org.olfsfastpath.log..", "org.olfsfastpath.http..")
          .should()
          .dependOnClassesThat(
              resideInAnyPackage("org.olfsfastpath..")
                  .and(
                      not(
                          resideInAnyPackage(
                              "org.olfsfastpath.log..",
                              "org.olfsfastpath.http..",
                              "org.olfsfastpath.spec..",
                              "org.olfsfastpath.json.."))))
          .because(
              "the log files and the HTTP rules take values the web layer hands them: no BES type,"
                  + " no cache, no servlet");

  static final ArchRule jsonDependsOnNothingOfOurs =
      noClasses()
          .that()
          .resideInAnyPackage("org.olfsfastpath.json..")
          .should()
          .dependOnClassesThat(
              resideInAnyPackage("org.olfsfastpath..")
                  .and(not(resideInAnyPackage("org.olfsfastpath.json.."))))
          .because("the front end and the tools both write JSON through it");

  static final ArchRule noToolInTheFrontEnd =
      noClasses()
          .that()
          .resideInAnyPackage(
              "org.olfsfastpath.bes..",
              "org.olfsfastpath.cache..",
              "org.olfsfastpath.dap..",
              "org.olfsfastpath.pages..",
              "org.olfsfastpath.meta..",
              "org.olfsfastpath.web..",
              "org.olfsfastpath.ops..",
              "org.olfsfastpath.boot..",
              "org.olfsfastpath.spool..",
              "org.olfsfastpath.log..",
              "org.olfsfastpath.http..",
              "org.olfsfastpath.ppt..",
              "org.olfsfastpath.spec..",
              "org.olfsfastpath.json..")
          .should()
          .dependOnClassesThat(resideInAnyPackage(TOOLS))
          .because("the WAR holds no tool class");

  /**
   * The classes of every module (ppt, test-support, bes-emulator, harness, frontend), tests left
   * out.
   */
  private static final JavaClasses CLASSES =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("org.olfsfastpath");

  @Test
  void layersDependInOneDirection() {
    layers.check(CLASSES);
  }

  @Test
  void dapPagesAndMetaSeeOnlyValueTypesOfTheLayersBelow() {
    dapSeesOnlyValueTypesBelow.check(CLASSES);
  }

  @Test
  void cacheSeesOnlyValueTypesOfBes() {
    cacheSeesOnlyValueTypesOfBes.check(CLASSES);
  }

  @Test
  void webDoesNotRoute() {
    webDoesNotRoute.check(CLASSES);
  }

  @Test
  void onlyTheAssemblyBuildsTheLayers() {
    onlyTheAssemblyBuildsTheLayers.check(CLASSES);
  }

  @Test
  void onlyWebOpsAndBootTouchTheServletApi() {
    onlyWebTouchesTheServletApi.check(CLASSES);
  }

  @Test
  void nothingAboveBesSeesTheWire() {
    cacheDoesNotReachTheWire.check(CLASSES);
  }

  @Test
  void theSettingsGrammarDependsOnNothingOfOurs() {
    specDependsOnNothingOfOurs.check(CLASSES);
  }

  @Test
  void theSpoolDependsOnlyOnTheSettingsGrammarAndTheJsonWriter() {
    spoolDependsOnlyOnSpecAndJson.check(CLASSES);
  }

  @Test
  void theLogsAndTheHttpRulesDependOnlyOnTheSettingsGrammarAndTheJsonWriter() {
    logAndHttpDependOnlyOnSpecAndJson.check(CLASSES);
  }

  @Test
  void theJsonWriterDependsOnNothingOfOurs() {
    jsonDependsOnNothingOfOurs.check(CLASSES);
  }

  @Test
  void theFrontEndUsesNoTool() {
    noToolInTheFrontEnd.check(CLASSES);
  }

  @Test
  void everyLayerHasClasses() {
    // A rule over packages that hold nothing passes whatever the code does.
    for (String layer :
        new String[] {
          "spec",
          "json",
          "ppt",
          "bes",
          "cache",
          "dap",
          "pages",
          "meta",
          "web",
          "ops",
          "boot",
          "spool",
          "log",
          "http",
          "emulator",
          "trace"
        }) {
      org.junit.jupiter.api.Assertions.assertFalse(
          CLASSES.stream().noneMatch(c -> c.getPackageName().equals("org.olfsfastpath." + layer)),
          layer + " has no class");
    }
  }
}
