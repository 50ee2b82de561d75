package io.strata.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.events.cloudevents.CloudEventHeaders;
import io.strata.events.json.StrataJson;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.events.remediation.ActionState;
import io.strata.events.remediation.ApprovalChannel;
import io.strata.events.remediation.RemediationAction;
import io.strata.events.topic.Topics;
import io.strata.journal.signature.JournalSigner;
import io.strata.journal.signature.JournalTag;
import io.strata.simulator.model.Scenario;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The console in a real (headless) browser against the running system: XID 79's incident in the
 * list (and the alert scenario's context alert under it, when one was posted), its page with the
 * waterfall, sparklines and plan, a viewer without a working Approve button, an approver's click
 * executing the cordon exactly once, and the review export; the strata CLI against the same
 * services. Run by {@link EndToEndScenariosIT} on its system (one system start for both).
 * Screenshots per step under target/console-screenshots.
 */
final class ConsoleWalkthrough {

  private static final Duration WAIT = Duration.ofSeconds(120);

  /**
   * Grafana Explore on Loki, {@code {pod="<pod>"}} over the incident's window: the scenarios' log
   * link template per pod, for the remediator and the console alike (StrataSystem's wiring).
   */
  static final String GRAFANA_POD_LOGS =
      "https://grafana.example/explore?schemaVersion=1&orgId=1&panes="
          + "%7B%22a%22%3A%7B%22datasource%22%3A%22loki%22%2C%22queries%22%3A%5B%7B%22refId%22"
          + "%3A%22A%22%2C%22datasource%22%3A%7B%22type%22%3A%22loki%22%2C%22uid%22%3A%22loki%22"
          + "%7D%2C%22expr%22%3A%22%7Bpod%3D%5C%22{pod}%5C%22%7D%22%7D%5D%2C%22range%22%3A%7B"
          + "%22from%22%3A%22{from_ms}%22%2C%22to%22%3A%22{to_ms}%22%7D%7D%7D";

  /** The same with {@code |= "<trace_id>"}: one link per exemplar trace. */
  static final String GRAFANA_TRACE_LOGS =
      "https://grafana.example/explore?schemaVersion=1&orgId=1&panes="
          + "%7B%22a%22%3A%7B%22datasource%22%3A%22loki%22%2C%22queries%22%3A%5B%7B%22refId%22"
          + "%3A%22A%22%2C%22datasource%22%3A%7B%22type%22%3A%22loki%22%2C%22uid%22%3A%22loki%22"
          + "%7D%2C%22expr%22%3A%22%7Bpod%3D%5C%22{pod}%5C%22%7D%20%7C%3D%20%5C%22{trace_id}%5C%22"
          + "%22%7D%5D%2C%22range%22%3A%7B%22from%22%3A%22{from_ms}%22%2C%22to%22%3A%22{to_ms}%22"
          + "%7D%7D%7D";

  /**
   * Grafana Explore's Loki query for a node's logs: every incident names its nodes, so the review
   * always carries this one.
   */
  static final String GRAFANA_NODE_LOGS =
      "https://grafana.example/explore?schemaVersion=1&orgId=1&panes="
          + "%7B%22a%22%3A%7B%22datasource%22%3A%22loki%22%2C%22queries%22%3A%5B%7B%22refId%22"
          + "%3A%22A%22%2C%22datasource%22%3A%7B%22type%22%3A%22loki%22%2C%22uid%22%3A%22loki%22"
          + "%7D%2C%22expr%22%3A%22%7Bnode_name%3D%5C%22{node}%5C%22%7D%22%7D%5D%2C%22range%22"
          + "%3A%7B%22from%22%3A%22{from_ms}%22%2C%22to%22%3A%22{to_ms}%22%7D%7D%7D";

  /**
   * The remediator's demo key's public half (its %local signing key, not a secret), as the chart
   * publishes a real one in {@code journal.verificationKeys}.
   */
  static final String DEMO_VERIFICATION_KEYS =
      "strata-demo-1:MCowBQYDK2VwAyEAGEv1Ko7dmVggl/1i7ING7xcEFfHs00p5nXKIXfjdJhc=";

  /** The templates' window margin (log-links.window-margin, not set: its default). */
  private static final Duration LOG_WINDOW_MARGIN = Duration.ofMinutes(5);

  private final StrataSystem system;
  private final Browser browser;
  private final Path work;
  private final Path downloads;
  private boolean contextAlertPosted;

  ConsoleWalkthrough(StrataSystem system, Browser browser, Path work, Path downloads) {
    this.system = system;
    this.browser = browser;
    this.work = work;
    this.downloads = downloads;
  }

  /**
   * Whether the alert scenario left its context alert firing (KubePodCrashLooping on
   * batch/trainer-0, which no incident takes; posted only when Alertmanager is installed): the
   * list's "Alerts (context)" must then show it. False by default: the step is left out.
   */
  ConsoleWalkthrough contextAlertPosted(boolean posted) {
    this.contextAlertPosted = posted;
    return this;
  }

  /** From the fault to the exported review, as an on-call engineer in the browser. */
  void seeTheFaultApproveTheCordonAndExportTheReview() throws Exception {
    String console = system.service("console").baseUrl();
    String node = system.simulator().model().targets().xid79Gpu().node();
    system.awaitBaseline("inference/llm-serve", Duration.ofSeconds(150));
    system.simulator().activate(Scenario.XID_79);
    String incidentId =
        await("the console lists XID 79's DEVICE_FAULT with a proposed plan")
            .atMost(WAIT)
            .pollInterval(Duration.ofMillis(500))
            .until(() -> pendingDeviceFault(console), Optional::isPresent)
            .orElseThrow();

    WebDriver page = browser.driver();
    page.get(console + "/");
    By listRow = By.cssSelector("tr[data-incident='" + incidentId + "']");
    waitFor(listRow);
    assertThat(text(listRow)).contains("DEVICE_FAULT").contains("OPEN");
    browser.screenshot("incident-list");
    if (contextAlertPosted) {
      seeTheContextAlert();
    }

    signIn(StrataSystem.VIEWER_TOKEN, "VIEWER");
    By link = By.cssSelector("tr[data-incident='" + incidentId + "'] a");
    waitFor(link);
    click(link);
    waitFor(By.cssSelector(".wf .bar.dominant"));
    assertThat(text(By.cssSelector(".wf .dominant-stage"))).isEqualTo("GPU_EXECUTE");
    assertThat(page.findElements(By.cssSelector("#workload-lines .spark svg polyline")))
        .isNotEmpty();
    assertThat(page.findElements(By.cssSelector("#gpu-lines .spark svg polyline"))).isNotEmpty();
    By proposed = By.cssSelector(".action[data-state='PROPOSED'] button.approve");
    waitFor(proposed);
    assertThat(stable(proposed, WebElement::isEnabled)).as("a viewer's Approve button").isFalse();
    String proposedId = stable(proposed, e -> e.getAttribute("data-action"));
    assertThat(text(By.id("approve-hint"))).contains("VIEWER cannot approve");
    browser.screenshot("incident-page-as-viewer");

    // The CLI against the same running services: the list, the page in text, a viewer refused.
    assertThat(cli(StrataSystem.VIEWER_TOKEN, "incidents", "--state", "OPEN")).contains(incidentId);
    assertThat(cli(StrataSystem.VIEWER_TOKEN, "show", incidentId))
        .contains("dominant GPU_EXECUTE")
        .contains("CORDON_NODE")
        .contains("+ spec.taints: [{\"key\":\"strata.io/quarantine\",\"effect\":\"NoSchedule\"}]");
    assertThat(cli(StrataSystem.VIEWER_TOKEN, "actions", "--incident", incidentId))
        .contains("PROPOSED");
    assertThat(cliFails(StrataSystem.VIEWER_TOKEN, "approve", proposedId))
        .contains("refused (403): ROLE_NOT_ALLOWED viewer has role VIEWER");
    assertThat(cliFails("not-a-token-0123456789", "actions"))
        .contains("does not accept this token (401)");
    seeAForgedApprovalShownAsUnverified(proposedId);

    signOut();
    signIn(StrataSystem.APPROVER_TOKEN, "APPROVER");
    List<String> approved = new ArrayList<>();
    // Approve every step of the plan (cordon, then the pod's pause) through the page's buttons.
    for (int i = 0; i < 4; i++) {
      // The page re-renders every 2 s: an element found a moment ago may be stale, so find and
      // use it again until it holds still.
      String actionId =
          new WebDriverWait(page, Duration.ofSeconds(10))
              .ignoring(StaleElementReferenceException.class)
              .until(
                  d -> {
                    List<WebElement> buttons =
                        d.findElements(
                            By.cssSelector(".action[data-state='PROPOSED'] button.approve"));
                    return buttons.isEmpty() ? "" : buttons.get(0).getAttribute("data-action");
                  });
      if (actionId.isEmpty()) {
        break;
      }
      // A re-render may briefly show the button disabled (a request in flight); wait it out.
      new WebDriverWait(page, Duration.ofSeconds(10))
          .ignoring(StaleElementReferenceException.class)
          .withMessage("an approver's Approve button for " + actionId + " stays enabled")
          .until(
              d -> {
                WebElement button =
                    d.findElement(
                        By.cssSelector(".action[data-action='" + actionId + "'] button.approve"));
                if (!button.isEnabled()) {
                  return false;
                }
                button.click();
                return true;
              });
      approved.add(actionId);
      new WebDriverWait(page, Duration.ofSeconds(30))
          .until(
              d ->
                  d.findElements(
                          By.cssSelector(
                              ".action[data-action='" + actionId + "'][data-state='PROPOSED']"))
                      .isEmpty());
    }
    assertThat(approved).isNotEmpty();
    await("the cordon is executed and the simulated node is cordoned")
        .atMost(Duration.ofSeconds(60))
        .until(() -> system.simulator().model().status().cordonedNodes().contains(node));
    for (String actionId : approved) {
      JsonNode history =
          await("executed: " + actionId)
              .atMost(Duration.ofSeconds(60))
              .until(() -> history(actionId), h -> executions(h) >= 1);
      assertThat(executions(history)).as("executions of " + actionId).isEqualTo(1);
      assertThat(approver(history)).isEqualTo("approver");
    }
    waitFor(By.cssSelector(".action[data-state='EXECUTED']"));
    browser.screenshot("approved-and-executed");

    system.simulator().activate(Scenario.HEALTHY);
    new WebDriverWait(page, Duration.ofSeconds(240))
        .ignoring(StaleElementReferenceException.class)
        .until(d -> d.findElement(By.cssSelector("#review h1")));
    assertThat(text(By.cssSelector("#review h1"))).isEqualTo("Review " + incidentId);
    assertThat(text(By.id("verdict"))).startsWith("RECOVERED");
    browser.screenshot("resolved-with-review");
    click(By.id("export-md"));
    Path markdown = downloads.resolve("review-" + incidentId + ".md");
    await("the Markdown export downloads")
        .atMost(Duration.ofSeconds(20))
        .until(() -> Files.isRegularFile(markdown));
    assertThat(Files.readString(markdown)).startsWith("# Review " + incidentId);
    seeTheLogLinks(console, incidentId, Files.readString(markdown));
    assertThat(cli(StrataSystem.VIEWER_TOKEN, "review", incidentId, "--format", "json"))
        .contains("\"outcome\" : \"RECOVERED\"");
  }

  /**
   * The resolved incident's page links its exemplar trace and its pod to their logs, and the
   * review's Markdown carries the same links: each href the exact Grafana URL, filled here from the
   * incident the console serves (pod names, trace ids and epoch milliseconds need no encoding).
   */
  private void seeTheLogLinks(String console, String incidentId, String reviewMarkdown)
      throws Exception {
    JsonNode incident =
        Http.getJson(console + "/console/api/incidents/" + incidentId).path("incident");
    JsonNode exemplar = incident.path("evidence").path("exemplar_traces").path(0);
    String trace = exemplar.path("trace_id").asText();
    String pod = exemplar.path("pod").asText();
    assertThat(pod).as("the exemplar's pod").isNotBlank();
    // The window: the episode's start minus the margin, to its resolution plus the margin, widened
    // to whole seconds.
    Instant start =
        Instant.parse(
            incident.hasNonNull("reopened_at")
                ? incident.path("reopened_at").asText()
                : incident.path("opened_at").asText());
    Instant end = Instant.parse(incident.path("resolved_at").asText()).plus(LOG_WINDOW_MARGIN);
    long fromMs = start.minus(LOG_WINDOW_MARGIN).truncatedTo(ChronoUnit.SECONDS).toEpochMilli();
    long toMs =
        end.truncatedTo(ChronoUnit.SECONDS).equals(end)
            ? end.toEpochMilli()
            : end.truncatedTo(ChronoUnit.SECONDS).plusSeconds(1).toEpochMilli();
    String traceUrl =
        GRAFANA_TRACE_LOGS
            .replace("{pod}", pod)
            .replace("{trace_id}", trace)
            .replace("{from_ms}", Long.toString(fromMs))
            .replace("{to_ms}", Long.toString(toMs));
    String podUrl =
        GRAFANA_POD_LOGS
            .replace("{pod}", pod)
            .replace("{from_ms}", Long.toString(fromMs))
            .replace("{to_ms}", Long.toString(toMs));

    By traceLink =
        By.cssSelector(".wf[data-trace='" + trace + "'] a.log-link[data-template='grafana-trace']");
    By podLink =
        By.cssSelector(
            "#log-links a.log-link[data-kind='pod'][data-subject='"
                + pod
                + "'][data-template='grafana']");
    waitFor(traceLink);
    assertThat(attribute(traceLink, "href")).isEqualTo(traceUrl);
    assertThat(attribute(traceLink, "rel")).isEqualTo("noopener");
    assertThat(attribute(traceLink, "target")).isEqualTo("_blank");
    assertThat(attribute(podLink, "href")).isEqualTo(podUrl);
    assertThat(text(podLink)).isEqualTo("Logs (grafana): pod " + pod);
    // What Grafana reads: the panes parameter, a JSON object with the LogQL and the range.
    String query = java.net.URI.create(traceUrl).getRawQuery();
    JsonNode pane =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(
                java.net.URLDecoder.decode(
                    query.substring(query.indexOf("panes=") + "panes=".length()),
                    java.nio.charset.StandardCharsets.UTF_8))
            .path("a");
    assertThat(pane.path("queries").path(0).path("expr").asText())
        .isEqualTo("{pod=\"" + pod + "\"} |= \"" + trace + "\"");
    browser.screenshot("log-links");

    // The remediator filled the review's log_links from the same templates when it wrote it, for
    // the revision it reviewed: its exemplars may be others than the page's latest, its node not.
    String node = incident.path("scope").path("nodes").path(0).asText();
    String nodeUrl =
        GRAFANA_NODE_LOGS
            .replace("{node}", node)
            .replace("{from_ms}", Long.toString(fromMs))
            .replace("{to_ms}", Long.toString(toMs));
    assertThat(reviewMarkdown)
        .contains("\n## Logs\n")
        .contains("[Logs (grafana-node): node " + node + "](<" + nodeUrl + ">)");
    assertThat(text(By.cssSelector("#review a[href='" + nodeUrl + "']")))
        .isEqualTo("Logs (grafana-node): node " + node);
  }

  /**
   * Anyone who may write to strata.remediation.v1 writes an APPROVED record for the proposed
   * cordon, well formed and under the remediator's key id but signed with a key of their own (ADR
   * 052): the page keeps showing the remediator's state (PROPOSED) and lists the record as
   * unverified with its reason; {@code strata feed} marks it UNVERIFIED and the genuine proposal
   * VERIFIED.
   */
  private void seeAForgedApprovalShownAsUnverified(String actionId) throws Exception {
    JsonNode history =
        Http.getJson(
            system.service("remediator").baseUrl() + "/api/actions/" + actionId,
            StrataSystem.VIEWER_TOKEN);
    RemediationAction shown =
        StrataJson.mapper().treeToValue(history.path(history.size() - 1), RemediationAction.class);
    Instant now = Instant.now();
    RemediationAction forged =
        new RemediationAction(
            shown.actionId(),
            shown.incidentId(),
            shown.step(),
            shown.type(),
            ActionState.APPROVED,
            shown.target(),
            shown.patch(),
            shown.inversePatch(),
            ActionOutcomeReason.UNSPECIFIED,
            "approved by mallory",
            "mallory",
            ApprovalChannel.REST,
            now,
            shown.attempt(),
            shown.maxAttempts(),
            shown.dryRun(),
            shown.correlation(),
            now,
            shown.episode(),
            shown.policy());
    JournalSigner attacker =
        new JournalSigner(
            "strata-demo-1",
            KeyPairGenerator.getInstance("Ed25519").generateKeyPair().getPrivate());
    ProducerRecord<byte[], byte[]> record =
        new ProducerRecord<>(
            Topics.REMEDIATION.name(),
            forged.incidentId().getBytes(StandardCharsets.UTF_8),
            StrataJson.mapper().writeValueAsBytes(forged));
    CloudEventHeaders.write(
        record.headers(),
        Topics.REMEDIATION.eventType(),
        "/strata/remediator",
        forged.incidentId(),
        now);
    record.headers().add(JournalTag.HEADER, attacker.tag(forged).getBytes(StandardCharsets.UTF_8));
    try (KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(
            Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, system.bootstrapServers()),
            new ByteArraySerializer(),
            new ByteArraySerializer())) {
      producer.send(record).get(10, TimeUnit.SECONDS);
    }

    By unverified =
        By.cssSelector(
            "#unverified-card tr.unverified-record[data-action='"
                + actionId
                + "'][data-reason='BAD_SIGNATURE']");
    waitFor(unverified);
    assertThat(text(unverified)).contains("APPROVED").contains("BAD_SIGNATURE");
    String state =
        stable(
            By.cssSelector(".action[data-action='" + actionId + "']"),
            e -> e.getAttribute("data-state"));
    assertThat(state)
        .as("the action's state on the page after a forged approval")
        .isEqualTo("PROPOSED");
    browser.screenshot("forged-approval-unverified");

    // The strata feed's lines, verifying with the remediator's published key.
    String feed = feed();
    // The feed prints an action id's first 12 characters.
    String shortId = actionId.substring(0, Math.min(12, actionId.length()));
    assertThat(feed.lines().filter(l -> l.contains(shortId) && l.contains("by mallory")))
        .as("the forged approval in strata feed")
        .singleElement()
        .satisfies(l -> assertThat(l).contains("UNVERIFIED(BAD_SIGNATURE)"));
    assertThat(feed.lines().filter(l -> l.contains(shortId) && l.contains(" PROPOSED ")))
        .as("the remediator's proposal in strata feed")
        .isNotEmpty()
        .allSatisfy(l -> assertThat(l).contains(" VERIFIED"));
  }

  /**
   * What {@code strata feed --from-beginning} prints for strata.remediation.v1, given the demo
   * verification key: the feed's own formatter and verifier ({@code io.strata.feed.Feed}) over the
   * topic, read to its end offsets (the CLI's loop runs until a review arrives or exits).
   */
  private String feed() {
    List<String> lines = new ArrayList<>();
    io.strata.feed.Feed feed =
        new io.strata.feed.Feed(
            lines::add,
            Optional.of(
                io.strata.journal.signature.JournalVerifier.of("e2e", DEMO_VERIFICATION_KEYS)));
    try (org.apache.kafka.clients.consumer.KafkaConsumer<String, byte[]> consumer =
        new org.apache.kafka.clients.consumer.KafkaConsumer<>(
            Map.of("bootstrap.servers", system.bootstrapServers()),
            new org.apache.kafka.common.serialization.StringDeserializer(),
            new org.apache.kafka.common.serialization.ByteArrayDeserializer())) {
      io.strata.kafka.read.TopicReader.readToEnd(
          consumer,
          List.of(Topics.REMEDIATION.name()),
          Duration.ofSeconds(30),
          record -> {
            var tag = record.headers().lastHeader(JournalTag.HEADER);
            feed.accept(
                record.topic(),
                record.value(),
                record.offset(),
                tag == null ? null : new String(tag.value(), StandardCharsets.UTF_8));
          });
    }
    return String.join("\n", lines);
  }

  /** Under the incidents, the alert no incident carries: its name, its pod, firing. */
  private void seeTheContextAlert() throws Exception {
    By alert = By.cssSelector("#alerts tr.alert-row[data-alert-name='KubePodCrashLooping']");
    waitFor(alert);
    assertThat(text(alert))
        .contains("KubePodCrashLooping")
        .contains("batch/trainer-0")
        .contains("FIRING");
    JavascriptExecutor script = (JavascriptExecutor) browser.driver();
    script.executeScript(
        "arguments[0].scrollIntoView()", browser.driver().findElement(By.id("alerts-section")));
    browser.screenshot("context-alerts");
    script.executeScript("window.scrollTo(0, 0)");
  }

  /** Runs the strata CLI in this JVM against the system; its standard output. */
  private String cli(String token, String... args) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    int code = runCli(token, out, err, args);
    assertThat(code).as("strata " + String.join(" ", args) + ": " + err).isZero();
    return out.toString(java.nio.charset.StandardCharsets.UTF_8);
  }

  /** Runs a CLI command that must fail; its standard error. */
  private String cliFails(String token, String... args) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    assertThat(runCli(token, out, err, args)).isEqualTo(1);
    return err.toString(java.nio.charset.StandardCharsets.UTF_8);
  }

  private int runCli(
      String token,
      java.io.ByteArrayOutputStream out,
      java.io.ByteArrayOutputStream err,
      String... args) {
    java.util.Map<String, String> env =
        java.util.Map.of(
            "STRATA_CONSOLE_URL", system.service("console").baseUrl(),
            "STRATA_REMEDIATOR_URL", system.service("remediator").baseUrl(),
            "STRATA_TOKEN", token);
    return io.strata.cli.StrataCli.run(
        List.of(args),
        env,
        work.resolve("cli-home"),
        new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8),
        new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
  }

  private void signIn(String token, String role) {
    WebElement input = waitFor(By.id("token"));
    input.sendKeys(token);
    browser.driver().findElement(By.id("signin-button")).click();
    assertThat(waitFor(By.id("role")).getText()).isEqualTo(role);
  }

  private void signOut() {
    waitFor(By.id("signout")).click();
    waitFor(By.id("token"));
  }

  /**
   * A value read from the element {@code by} finds, found again when the page re-rendered it
   * meanwhile (the page refreshes every 2 s, the list every 3 s).
   */
  private <T> T stable(By by, java.util.function.Function<WebElement, T> read) {
    return new WebDriverWait(browser.driver(), Duration.ofSeconds(10))
        .ignoring(StaleElementReferenceException.class)
        .until(d -> Optional.ofNullable(read.apply(d.findElement(by))))
        .orElse(null);
  }

  /** The attribute as the page's HTML wrote it (not the URL the browser resolved from it). */
  private String attribute(By by, String name) {
    return stable(by, e -> e.getDomAttribute(name));
  }

  private String text(By by) {
    return stable(by, WebElement::getText);
  }

  private void click(By by) {
    stable(
        by,
        e -> {
          e.click();
          return Boolean.TRUE;
        });
  }

  private WebElement waitFor(By by) {
    return new WebDriverWait(browser.driver(), Duration.ofSeconds(30))
        .ignoring(StaleElementReferenceException.class)
        .until(
            d ->
                d.findElements(by).stream()
                    .filter(WebElement::isDisplayed)
                    .findFirst()
                    .orElse(null));
  }

  private Optional<String> pendingDeviceFault(String console) {
    JsonNode list = Http.getJson(console + "/console/api/incidents?class=DEVICE_FAULT&state=OPEN");
    if (list == null) {
      return Optional.empty();
    }
    for (JsonNode row : list.path("incidents")) {
      if (row.path("pending_actions").asInt() > 0) {
        return Optional.of(row.path("incident_id").asText());
      }
    }
    return Optional.empty();
  }

  private JsonNode history(String actionId) {
    return Http.getJson(
        system.service("remediator").baseUrl() + "/api/actions/" + actionId,
        StrataSystem.API_TOKEN);
  }

  private static int executions(JsonNode history) {
    int executed = 0;
    for (JsonNode state : history == null ? List.<JsonNode>of() : iterable(history)) {
      if ("EXECUTED".equals(state.path("state").asText())) {
        executed++;
      }
    }
    return executed;
  }

  private static String approver(JsonNode history) {
    for (JsonNode state : iterable(history)) {
      if ("APPROVED".equals(state.path("state").asText())) {
        return state.path("approved_by").asText();
      }
    }
    return null;
  }

  private static List<JsonNode> iterable(JsonNode array) {
    List<JsonNode> all = new ArrayList<>();
    array.forEach(all::add);
    return all;
  }
}
