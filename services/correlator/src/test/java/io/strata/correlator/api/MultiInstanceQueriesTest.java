package io.strata.correlator.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.strata.correlator.config.CorrelatorSettings;
import io.strata.correlator.streams.CorrelatorMetrics;
import io.strata.correlator.streams.CorrelatorTopology;
import io.strata.embeddedkafka.KafkaProvider;
import io.strata.embeddedkafka.KafkaTestClient;
import io.strata.embeddedkafka.TestKafka;
import io.strata.events.Correlation;
import io.strata.events.device.DeviceOwner;
import io.strata.events.device.XidAction;
import io.strata.events.device.XidEvent;
import io.strata.events.device.XidOrigin;
import io.strata.events.device.XidSource;
import io.strata.events.incident.Incident;
import io.strata.events.json.StrataJson;
import io.strata.events.k8s.AllocatedResource;
import io.strata.events.k8s.PodPhase;
import io.strata.events.k8s.PodState;
import io.strata.events.k8s.WorkloadKind;
import io.strata.events.topic.Keys;
import io.strata.events.topic.Topics;
import jakarta.ws.rs.ServiceUnavailableException;
import jakarta.ws.rs.WebApplicationException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.state.HostInfo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two correlator instances (the real topology, one application id) against the in-JVM broker, each
 * answering the REST paths over real HTTP with {@link CorrelatorQueries}, as the resources do. Each
 * instance owns part of the partitions; asking either one answers for all of them; once one leaves,
 * the other serves every partition alone.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MultiInstanceQueriesTest {

  private static final int NODES = 8;
  private static final String CLUSTER = "iq";
  private static TestKafka kafka;

  // The instances' state dirs live under it; JUnit deletes it after the class.
  @TempDir static Path stateRoot;

  private static final List<Instance> instances = new ArrayList<>();

  /** One Kafka Streams instance with its HTTP endpoint. */
  private record Instance(KafkaStreams streams, HttpServer http, CorrelatorQueries queries) {}

  @BeforeAll
  static void start() throws IOException {
    kafka = KafkaProvider.EMBEDDED.start(1);
    instances.add(instance());
    instances.add(instance());
    await()
        .atMost(Duration.ofSeconds(90))
        .until(
            () ->
                instances.stream()
                    .allMatch(i -> i.streams().state() == KafkaStreams.State.RUNNING));
    try (KafkaTestClient client = new KafkaTestClient(kafka.bootstrapServers())) {
      Instant now = Instant.now();
      for (int n = 0; n < NODES; n++) {
        client.send(Topics.K8S_PODS, Keys.pod(CLUSTER, "ml", "serve-" + n), pod(n, now));
      }
      for (int n = 0; n < NODES; n++) {
        client.send(Topics.DEVICE_XIDS, Keys.gpu(CLUSTER, node(n), gpu(n)), xid(n, now));
      }
      client.readUntil(
          Topics.INCIDENTS,
          records -> records.stream().map(r -> r.key()).distinct().count() >= NODES,
          Duration.ofSeconds(90));
    }
  }

  @AfterAll
  static void stop() {
    for (Instance instance : instances) {
      instance.http().stop(0);
      instance.streams().close(Duration.ofSeconds(10));
    }
    if (kafka != null) {
      kafka.close();
    }
  }

  @Test
  @Order(2)
  void eitherInstanceAnswersForEveryPartitionAndForwardsToTheOtherAndOneServesAllAlone() {
    Instance a = instances.get(0);
    Instance b = instances.get(1);
    // A 503 is the documented "rebalancing, ask again" answer, so it means "not yet" here.
    await()
        .atMost(Duration.ofSeconds(30))
        .ignoreExceptionsInstanceOf(ServiceUnavailableException.class)
        .untilAsserted(
            () -> {
              List<Incident> local = a.queries().incidents(true);
              List<Incident> remote = b.queries().incidents(true);
              assertThat(local).as("incidents held by A").isNotEmpty();
              assertThat(remote).as("incidents held by B").isNotEmpty();
              assertThat(local.size() + remote.size()).isEqualTo(NODES);
            });
    Set<String> all =
        a.queries().incidents(true).stream().map(Incident::incidentId).collect(Collectors.toSet());
    b.queries().incidents(true).forEach(i -> all.add(i.incidentId()));

    assertThat(a.queries().incidents(false))
        .extracting(Incident::incidentId)
        .hasSize(NODES)
        .containsExactlyInAnyOrderElementsOf(all);
    assertThat(b.queries().incidents(false))
        .extracting(Incident::incidentId)
        .hasSize(NODES)
        .containsExactlyInAnyOrderElementsOf(all);
    String someOfB = b.queries().incidents(true).get(0).incidentId();
    assertThat(a.queries().incident(someOfB)).isPresent();

    assertThat(a.queries().workloads(false))
        .extracting(CorrelatorQueries.WorkloadSummary::workload)
        .containsExactlyElementsOf(
            IntStream.range(0, NODES).mapToObj(n -> CLUSTER + "/ml/serve-" + n).sorted().toList());
    Set<String> localToA =
        a.queries().workloads(true).stream()
            .map(CorrelatorQueries.WorkloadSummary::workload)
            .collect(Collectors.toSet());
    Set<String> localToB =
        b.queries().workloads(true).stream()
            .map(CorrelatorQueries.WorkloadSummary::workload)
            .collect(Collectors.toSet());
    assertThat(localToA).as("workloads held by A").doesNotContainAnyElementsOf(localToB);
    assertThat(localToA.size() + localToB.size()).isEqualTo(NODES);
    assertThat(localToB).as("workloads held by B").isNotEmpty();
    int forwarded = 0;
    for (int n = 0; n < NODES; n++) {
      String key = CLUSTER + "/ml/serve-" + n;
      String body = a.queries().workload(CLUSTER, "ml", "serve-" + n, DetailPage.FIRST, false);
      assertThat(body)
          .contains("\"workload\":\"" + key + "\"")
          .contains("\"pods_total\":1")
          .doesNotContain("\"pods_next\"");
      // The page travels with a forwarded query: past every pod key ("~" sorts after them all)
      // the page is empty, the total still counts the one pod; a pods limit of 0 empties it too.
      String after =
          a.queries()
              .workload(
                  CLUSTER, "ml", "serve-" + n, DetailPage.parse("1", null, null, null, "~"), false);
      assertThat(after).contains("\"pods\":{}").contains("\"pods_total\":1");
      String noPods =
          a.queries()
              .workload(
                  CLUSTER,
                  "ml",
                  "serve-" + n,
                  DetailPage.parse(null, null, "0", null, null),
                  false);
      assertThat(noPods).contains("\"pods\":{}").contains("\"pods_total\":1");
      String window = a.queries().workloadWindow(CLUSTER, "ml", "serve-" + n, false);
      assertThat(window)
          .as("the window answer, forwarded like the detail")
          .contains("\"workload\":\"" + key + "\"")
          .doesNotContain("\"view\"");
      forwarded += localToA.contains(key) ? 0 : 1;
    }
    // Every workload A does not hold is B's, and A answered each of them by asking B.
    assertThat(forwarded).as("workloads answered by B through A").isEqualTo(localToB.size());

    // B leaves: A takes over its partitions (state restored from the changelogs) and alone serves
    // every incident and workload.
    instances.remove(b);
    b.http().stop(0);
    b.streams().close(Duration.ofSeconds(10));
    await()
        .atMost(Duration.ofSeconds(60))
        .ignoreExceptionsInstanceOf(ServiceUnavailableException.class)
        .untilAsserted(
            () -> {
              assertThat(a.streams().state()).isEqualTo(KafkaStreams.State.RUNNING);
              assertThat(a.queries().incidents(true))
                  .extracting(Incident::incidentId)
                  .containsExactlyInAnyOrderElementsOf(all);
              assertThat(a.queries().workloads(true)).hasSize(NODES);
            });
    assertThat(a.queries().incidents(false)).hasSize(NODES);
  }

  @Test
  @Order(1)
  void withOnlyLocalScopeAnUnknownWorkloadIs404() {
    Instance a = instances.get(0);
    try {
      a.queries().workload(CLUSTER, "ml", "nobody", DetailPage.FIRST, true);
      throw new AssertionError("expected 404");
    } catch (WebApplicationException e) {
      assertThat(e.getResponse().getStatus()).isEqualTo(404);
    }
  }

  private static Instance instance() throws IOException {
    HttpServer http = HttpServer.create(new InetSocketAddress("localhost", 0), 0);
    HostInfo self = new HostInfo("localhost", http.getAddress().getPort());
    CorrelatorSettings defaults = CorrelatorSettings.defaults();
    CorrelatorSettings settings =
        new CorrelatorSettings(
            defaults.traces(),
            defaults.windows(),
            defaults.regression(),
            defaults.lifecycle(),
            defaults.ownership(),
            defaults.device(),
            defaults.alerts(),
            4,
            defaults.nodePartitions(),
            Materialized.StoreType.IN_MEMORY);
    Properties props = new Properties();
    props.put(StreamsConfig.APPLICATION_ID_CONFIG, "correlator-iq-test");
    props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
    props.put(
        StreamsConfig.STATE_DIR_CONFIG,
        Files.createTempDirectory(stateRoot, "correlator-iq-").toString());
    props.put(StreamsConfig.APPLICATION_SERVER_CONFIG, self.host() + ":" + self.port());
    props.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 100);
    props.put(StreamsConfig.consumerPrefix("session.timeout.ms"), 6000);
    props.put(StreamsConfig.consumerPrefix("heartbeat.interval.ms"), 500);
    KafkaStreams streams =
        new KafkaStreams(
            CorrelatorTopology.build(settings, new CorrelatorMetrics(new SimpleMeterRegistry())),
            props);
    CorrelatorQueries queries =
        new CorrelatorQueries(
            new LocalStores(streams),
            new InstanceRouter(
                streams,
                self,
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build(),
                Optional.empty()),
            Duration.ofMinutes(2),
            3,
            Clock.systemUTC());
    http.createContext("/api/", exchange -> serve(exchange, queries));
    http.start();
    streams.start();
    return new Instance(streams, http, queries);
  }

  /** The paths of IncidentResource and WorkloadResource, answered by the same queries. */
  private static void serve(HttpExchange exchange, CorrelatorQueries queries) throws IOException {
    URI uri = exchange.getRequestURI();
    boolean local = uri.getQuery() != null && uri.getQuery().contains("scope=local");
    String[] path = uri.getPath().substring(1).split("/");
    int status = 200;
    String body;
    try {
      if (path.length == 2 && path[1].equals("incidents")) {
        body = StrataJson.mapper().writeValueAsString(queries.incidents(local));
      } else if (path.length == 2 && path[1].equals("workloads")) {
        body = StrataJson.mapper().writeValueAsString(queries.workloads(local));
      } else if (path.length == 5 && path[1].equals("workloads")) {
        Map<String, String> q = query(uri);
        body =
            queries.workload(
                path[2],
                path[3],
                path[4],
                DetailPage.parse(
                    q.get("limit"),
                    q.get("gpus-limit"),
                    q.get("pods-limit"),
                    q.get("gpus-after"),
                    q.get("pods-after")),
                local);
      } else if (path.length == 6 && path[1].equals("workloads") && path[5].equals("window")) {
        body = queries.workloadWindow(path[2], path[3], path[4], local);
      } else {
        status = 404;
        body = "{}";
      }
    } catch (WebApplicationException e) {
      status = e.getResponse().getStatus();
      body = "{}";
    }
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  private static Map<String, String> query(URI uri) {
    Map<String, String> params = new HashMap<>();
    if (uri.getRawQuery() != null) {
      for (String pair : uri.getRawQuery().split("&")) {
        String[] kv = pair.split("=", 2);
        params.put(kv[0], kv.length == 2 ? URLDecoder.decode(kv[1], StandardCharsets.UTF_8) : "");
      }
    }
    return params;
  }

  private static String node(int n) {
    return "iq-node-" + n;
  }

  private static String gpu(int n) {
    return "GPU-iq-" + n;
  }

  private static PodState pod(int n, Instant now) {
    return new PodState(
        "uid-" + n,
        Correlation.builder()
            .cluster(CLUSTER)
            .namespace("ml")
            .workload("serve-" + n)
            .pod("serve-" + n)
            .node(node(n))
            .modelVersion("v1")
            .build(),
        WorkloadKind.DEPLOYMENT,
        null,
        PodPhase.RUNNING,
        null,
        null,
        Map.of("nvidia.com/gpu", 1L),
        null,
        null,
        List.of(new AllocatedResource("server", "nvidia.com/gpu", gpu(n), "Healthy")),
        0,
        null,
        "1",
        now,
        now);
  }

  private static XidEvent xid(int n, Instant now) {
    return new XidEvent(
        "xid-iq-" + n,
        CLUSTER,
        node(n),
        gpu(n),
        "0",
        79,
        "GPU_HAS_FALLEN_OFF_THE_BUS",
        "GPU has fallen off the bus",
        XidAction.RESTART_BM,
        XidOrigin.DEVICE,
        XidSource.XID_ERRORS_COUNT,
        1,
        DeviceOwner.none(),
        null,
        now);
  }
}
