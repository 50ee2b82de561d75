package io.strata.deviceingest.xid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.strata.deviceingest.kafka.OutgoingEvent;
import io.strata.deviceingest.kafka.XidTopicFollower;
import io.strata.deviceingest.scrape.ScrapeOutput;
import io.strata.deviceingest.scrape.ScrapeProcessor;
import io.strata.deviceingest.scrape.ScrapeResponse;
import io.strata.deviceingest.scrape.ScrapeTarget;
import io.strata.deviceingest.testing.DcgmPageWriter;
import io.strata.embeddedkafka.KafkaProvider;
import io.strata.embeddedkafka.KafkaTestClient;
import io.strata.embeddedkafka.TestKafka;
import io.strata.events.device.XidEvent;
import io.strata.events.device.XidSource;
import io.strata.events.topic.Keys;
import io.strata.events.topic.Topics;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A restarted replica, or the new owner of a moved target, against a real broker holding XIDs
 * already published: the sticky XID is not published again at first sight, a new XID still is, and
 * XIDs published later by another replica are followed.
 */
class XidRecoveryTest {

  private static final String NODE = "gpu-node-3";
  private static final ScrapeTarget TARGET = new ScrapeTarget("http://10.0.0.9:9400/metrics", NODE);
  private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

  /** Also XidRecordFuzzTest's genuine events. */
  static XidEvent published(String cluster, String gpu, int xid, Instant at) {
    return new XidEvent(
        "id-" + gpu + "-" + xid,
        cluster,
        NODE,
        gpu,
        "0",
        xid,
        null,
        null,
        null,
        null,
        XidSource.LAST_XID_GAUGE,
        1,
        null,
        "http://10.0.0.1:9400/metrics",
        at);
  }

  private static String page(int xidOfA, int xidOfB, int xidOfC) {
    return new DcgmPageWriter(NODE, "NVIDIA H100 80GB HBM3", "550.144.03")
        .gpu(0, "GPU-A", Map.of())
        .gpu(1, "GPU-B", Map.of())
        .gpu(2, "GPU-C", Map.of())
        .fields(List.of("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_XID_ERRORS"))
        .lastXid("GPU-A", xidOfA)
        .lastXid("GPU-B", xidOfB)
        .lastXid("GPU-C", xidOfC)
        .write();
  }

  private static List<String> xids(ScrapeOutput output) {
    return output.events().stream()
        .map(OutgoingEvent::value)
        .filter(XidEvent.class::isInstance)
        .map(v -> ((XidEvent) v).gpuUuid() + ":" + ((XidEvent) v).xid())
        .toList();
  }

  @Test
  void aRestartDoesNotRefireAPublishedStickyXidButANewOneFires() {
    try (TestKafka kafka = KafkaProvider.configured().start(1);
        KafkaTestClient client = new KafkaTestClient(kafka.bootstrapServers())) {
      client.send(
          Topics.DEVICE_XIDS, Keys.gpu("c1", NODE, "GPU-A"), published("c1", "GPU-A", 48, T0));
      client.send(
          Topics.DEVICE_XIDS,
          Keys.gpu("c1", NODE, "GPU-A"),
          published("c1", "GPU-A", 79, T0.plusSeconds(60)));
      // Another cluster's XID for a same-named GPU is not ours; a garbage record is skipped.
      client.send(
          Topics.DEVICE_XIDS, Keys.gpu("c2", NODE, "GPU-B"), published("c2", "GPU-B", 79, T0));
      client.sendRaw(
          Topics.DEVICE_XIDS.name(),
          "c1/x/y".getBytes(StandardCharsets.UTF_8),
          "{not json".getBytes(StandardCharsets.UTF_8));

      XidHistory history = new XidHistory();
      try (XidTopicFollower follower =
          new XidTopicFollower(
              kafka.bootstrapServers(), "c1", Duration.ofDays(30), history, Clock.systemUTC())) {
        assertThat(history.caughtUp()).isFalse();
        follower.start();
        await().atMost(Duration.ofSeconds(30)).until(history::caughtUp);
        assertThat(follower.read()).isEqualTo(2);
        assertThat(follower.unreadable()).isEqualTo(1);
        assertThat(history.lookup(Keys.gpu("c1", NODE, "GPU-A")))
            .hasValueSatisfying(r -> assertThat(r.lastXid()).isEqualTo(79));
        assertThat(history.lookup(Keys.gpu("c1", NODE, "GPU-B"))).isEmpty();

        // Another replica publishes an XID for GPU-C after this one recovered (a target that
        // moves here later): followed, not only read once.
        client.send(
            Topics.DEVICE_XIDS, Keys.gpu("c1", NODE, "GPU-C"), published("c1", "GPU-C", 31, T0));
        await()
            .atMost(Duration.ofSeconds(10))
            .until(() -> history.lookup(Keys.gpu("c1", NODE, "GPU-C")).isPresent());

        ScrapeProcessor processor =
            new ScrapeProcessor("c1", List.of(), XidCatalog.load(), 20, history);
        String body = page(79, 79, 31);
        ScrapeOutput first =
            processor.processPage(
                TARGET, new ScrapeResponse(body, "text/plain", body.length()), Instant.now());
        assertThat(xids(first))
            .as("A's 79 and C's 31 were published before; B's 79 never was (first sight fires)")
            .containsExactly("GPU-B:79");
        String later = page(13, 79, 31);
        ScrapeOutput second =
            processor.processPage(
                TARGET, new ScrapeResponse(later, "text/plain", later.length()), Instant.now());
        assertThat(xids(second)).containsExactly("GPU-A:13");
      }
    }
  }
}
